import { supplierConversationsPath } from '../../api/conversations';
import { useProviderResponses } from '../../api/communications';
import { type ConversationTarget, ConversationsPanel } from './ConversationsPanel';

/** The customers a conversation can be started with, at most this many offered at once (by name). */
const TARGET_PAGE = 500;

/** The supplier's Conversations tab: its event's threads; a new one goes to a customer matched to a provider. */
export function ConversationsTab({ id, initialConversation }: { id: number; initialConversation: number | null }) {
  const { data } = useProviderResponses(id, {
    pageNumber: 1,
    pageSize: TARGET_PAGE,
    sort: [{ field: 'name', direction: 'asc' }],
  });
  const targets: ConversationTarget[] = (data?.items ?? []).flatMap((r) =>
    r.provider_organization_id
      ? [
          {
            providerCommunicationId: r.provider_communication_id,
            providerOrganizationId: r.provider_organization_id,
            name: r.customer_name,
          },
        ]
      : [],
  );
  return (
    <ConversationsPanel
      base={supplierConversationsPath(id)}
      side="SUPPLIER"
      targets={targets}
      initialConversation={initialConversation}
    />
  );
}
