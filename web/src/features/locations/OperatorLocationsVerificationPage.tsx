import { OPERATOR_VERIFICATION_PATH } from '../../api/locationVerification';
import { LocationsVerificationList } from './ProviderLocationsVerificationPage';

/**
 * /notisphere/locations-verification: every supplier's locations mapped to a provider, "not verified" first, verified
 * by the operator on the provider's behalf with the same row menu and bulk buttons (audited with the operator).
 */
export default function OperatorLocationsVerificationPage() {
  return (
    <LocationsVerificationList
      pageKey="notisphere-locations-verification"
      path={OPERATOR_VERIFICATION_PATH}
      testId="notisphere-locations-verification"
      operator
    />
  );
}
