import { useParams } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { useProviderEdit } from '../../api/provider';
import { readId } from '../../api/delegate';
import { FormLoading } from '../../shared/forms/FormStates';
import { NotFound, RecordError } from '../../shared/NotFound';
import { ProviderCommunicationView } from './ProviderViewPage';

/**
 * /provider/product-disruption/view/:id: a supply advisory the provider created itself (id = its communication id). A
 * provider-created event has exactly one provider communication (addressed to the provider), so the page resolves it
 * and shows the same view as /view/:id/:providerCommunicationId.
 */
export default function ProviderCreatedViewPage() {
  const { t } = useLingui();
  const id = readId(useParams<{ id?: string }>().id);
  const { data, error } = useProviderEdit(id);
  if (!id) return <NotFound />;
  if (error) return <RecordError error={error} fallback={t`Unknown error`} />;
  if (!data) return <FormLoading />;
  return <ProviderCommunicationView id={id} pcId={data.provider_communication_id} />;
}
