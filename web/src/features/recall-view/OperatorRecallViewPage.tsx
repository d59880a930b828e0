import { useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { StatusLabel } from '@portal/design-system';
import type { CommunicationDocument } from '../../api/communications';
import { operatorRecallDocument, useOperatorRecall, useOperatorRecallHistories } from '../../api/operatorRecalls';
import { CommunicationReadOnlyView } from './CommunicationViewPage';
import { useLabels } from '../../shared/words/labels';
import { PageHeader } from '../../shared/lists/table';
import { FormLoading } from '../../shared/forms/FormStates';
import { OperatorProvidersTab } from './OperatorProvidersTab';
import { NotFound, RecordError, recordId } from '../../shared/NotFound';

/** Fresh signed links of one document (GET /notisphere/communications/document/{id}) for its preview. */
async function openDocument(d: CommunicationDocument) {
  const fresh = await operatorRecallDocument(d.id);
  return { name: fresh.name, url: fresh.signed_url ?? null, mimeType: fresh.type };
}

/**
 * View Recall (/notisphere/recalls/view/:id): any supplier's event as its supplier sees it, read-only, with its
 * histories and documents (the supplier's view in its read-only mode), and its providers' responses.
 */
export default function RecallViewPage() {
  const { t } = useLingui();
  const labels = useLabels();
  const id = recordId(useParams<{ id: string }>().id);
  const { data: event, error } = useOperatorRecall(id);
  const { data: histories } = useOperatorRecallHistories(event ? id : null);
  if (id === null) return <NotFound />;
  if (error) return <RecordError error={error} fallback={t`Unknown error`} />;
  if (!event) {
    return <FormLoading />;
  }
  const supplier = event.supplier_name;
  const type = labels.communicationTypes[event.type] ?? event.type;
  return (
    <section className="space-y-4" data-testid="operator-recall-view">
      <PageHeader title={event.name}>
        <StatusLabel status={event.status} kind="communication" labels={labels.statuses} />
      </PageHeader>
      <p className="text-sm text-muted-foreground">
        <Trans>
          {type} of {supplier} (read-only)
        </Trans>
      </p>
      <CommunicationReadOnlyView
        event={event}
        histories={histories}
        openDocument={openDocument}
        // Per provider: who acknowledged, what they answered, and who is overdue.
        extraTabs={[{ value: 'responses', label: t`Responses`, content: <OperatorProvidersTab id={id} /> }]}
      />
    </section>
  );
}
