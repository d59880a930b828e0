import { ProviderListPage } from './ProviderListPage';

/** eR responses (Provider_ResponderRole): every event of the scope; rows the role may not open lead to the access request. */
export default function ResponderListPage() {
  return <ProviderListPage kind="RESPONDER" />;
}
