import OperatorLookupValuesPage from '../notisphere/LookupValuesPage';

/** /supplier/lookup-values (Supplier_ManageLookupValues): the supplier's own lookup values, beside the platform's. */
export default function LookupValuesPage() {
  return <OperatorLookupValuesPage scope="supplier" />;
}
