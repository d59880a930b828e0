import { FdaRecordsPage } from './FdaRecordsPage';

/** /notisphere/fda-drugs: public FDA drug enforcement reports (Notisphere_ViewFDAInformation). */
export default function FdaDrugsPage() {
  return <FdaRecordsPage list="drugs" />;
}
