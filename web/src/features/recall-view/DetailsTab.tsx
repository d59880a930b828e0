import { FdaLinkedRecords } from '../../shared/fda/FdaLinkedRecords';
import { useState } from 'react';
import { useStore } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FilePreview, FileUpload, useToast, type PreviewFile, type UploadedFile } from '@portal/design-system';
import {
  deleteDocument,
  uploadDocument,
  useDocuments,
  type Communication,
  type CommunicationDocument,
} from '../../api/communications';
import { fetchSheetRows } from '../../api/files';
import { useLabels } from '../../shared/words/labels';
import { sanitizeRichText } from './richText';
import { errorText, formatDate } from '../../shared/lists/table';

export function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[12rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function DetailsTab({ event, documents }: { event: Communication; documents: React.ReactNode }) {
  const { t } = useLingui();
  const labels = useLabels();
  const recall = event.type === 'RECALL';
  const value = (map: Record<string, string>, key: string | null) => (key ? (map[key] ?? key) : '');
  return (
    <div className="space-y-4">
      <FdaLinkedRecords records={event.fda_records} />
      <dl>
        <Row label={t`Event ID`}>{event.event_id}</Row>
        <Row label={recall ? t`Recall Type` : t`Advisory Type`}>{value(labels.subtypes, event.subtype)}</Row>
        {recall ? <Row label={t`Classification`}>{value(labels.classifications, event.classification)}</Row> : null}
        {recall ? <Row label={t`Disposition`}>{value(labels.dispositions, event.disposition)}</Row> : null}
        {!recall ? <Row label={t`Lead Time`}>{value(labels.leadTimes, event.lead_time)}</Row> : null}
        {!recall ? <Row label={t`Reason`}>{value(labels.reasons, event.reason)}</Row> : null}
        <Row label={t`Event Date`}>{formatDate(event.event_date)}</Row>
        <Row label={t`End Date`}>{formatDate(event.end_date)}</Row>
        <Row label={t`Response Due`}>
          {event.response_due_date ? (
            formatDate(event.response_due_date)
          ) : (
            <span className="text-muted-foreground">
              <Trans>Set when the event is sent</Trans>
            </span>
          )}
        </Row>
        <Row label={t`Contact`}>
          {[event.contact_name, event.contact_email, event.contact_phone].filter(Boolean).join(' · ')}
        </Row>
        <Row label={t`Approved`}>{formatDate(event.approved_at)}</Row>
        <Row label={t`First sent`}>{formatDate(event.first_sent_at)}</Row>
      </dl>
      {/* Rich text typed by users: only the editor's formatting tags are kept (no attributes, no scripts). */}
      <div
        className="prose max-w-none rounded-md border p-4 text-sm"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeRichText (DOMPurify)
        dangerouslySetInnerHTML={{ __html: sanitizeRichText(event.description) }}
      />
      {documents}
    </div>
  );
}

export function DocumentsPanel({ id }: { id: number }) {
  const { t } = useLingui();
  const toast = useToast();
  const store = useStore();
  const { data, mutate } = useDocuments(id);
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  const files: UploadedFile[] = (data ?? []).map((d) => ({
    id: d.id,
    name: d.name,
    size: d.size,
    url: d.signed_url ?? null,
    mimeType: d.type,
  }));
  return (
    <div className="space-y-2">
      <h2 className="text-lg font-semibold">
        <Trans>Documents</Trans>
      </h2>
      <FileUpload
        kind="Document"
        files={files}
        multiple
        label={t`Documents`}
        onUpload={async (file) => {
          try {
            await uploadDocument(store, id, file);
            await mutate();
          } catch (err) {
            toast.danger(errorText(err, t`Documented failed to upload. Please try again.`));
          }
        }}
        onDelete={async (file) => {
          try {
            await deleteDocument(Number(file.id));
            toast.success(t`Document deleted successfully.`);
            await mutate();
          } catch (err) {
            toast.danger(errorText(err, t`Unknown error`));
          }
        }}
        onPreview={(file) => setPreview({ name: file.name, url: file.url, mimeType: file.mimeType })}
        onError={(message) => toast.danger(message)}
        messages={{
          imageType: t`The document types should be either of .png, .jpg`,
          documentType: t`The document types should be either of .pdf, .docx, .png, .jpg .xlsx, .mp4`,
          zeroSize: t`Documented failed to upload. Please try again.`,
        }}
        texts={{
          upload: t`Upload`,
          uploading: t`Uploading...`,
          dropHint: t`or drop files here`,
          preview: t`Preview`,
          delete: t`Delete`,
          deleteConfirm: t`Are you sure you want to delete the document?`,
          confirm: t`Confirm`,
          cancel: t`Cancel`,
        }}
      />
      <DocumentPreview file={preview} onClose={() => setPreview(null)} />
    </div>
  );
}

/** The File Preview dialog of an event's documents (spec 000 §2). */
function DocumentPreview({ file, onClose }: { file: PreviewFile | null; onClose: () => void }) {
  const { t } = useLingui();
  const toast = useToast();
  return (
    <FilePreview
      open={file !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      file={file}
      loadSheet={fetchSheetRows}
      onNothingToDownload={(message) => toast.danger(message)}
      texts={{
        title: t`File Preview`,
        download: t`Download`,
        loading: t`Loading...`,
        unsupported: t`Preview for this file format is not supported. Please download file to view.`,
        nothingToDownload: t`Nothing to download`,
        failed: t`The file could not be displayed. Please download file to view.`,
      }}
    />
  );
}

/** An event's documents without upload or delete; `open` answers a document's preview (with fresh signed links). */
export function ReadOnlyDocuments({
  documents,
  open,
}: {
  documents: CommunicationDocument[];
  open: (document: CommunicationDocument) => Promise<PreviewFile>;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const [preview, setPreview] = useState<PreviewFile | null>(null);
  return (
    <div className="space-y-2">
      <h2 className="text-lg font-semibold">
        <Trans>Documents</Trans>
      </h2>
      {documents.length ? (
        <ul className="grid gap-1" aria-label={t`Documents`}>
          {documents.map((d) => (
            <li key={d.id} className="flex items-center gap-2 rounded-md border px-2 py-1 text-sm">
              <span className="min-w-0 flex-1 truncate">{d.name}</span>
              <Button
                variant="outline"
                size="sm"
                aria-label={`${t`Preview`} ${d.name}`}
                onClick={() =>
                  open(d)
                    .then(setPreview)
                    .catch((err: unknown) => toast.danger(errorText(err, t`Nothing to download`)))
                }
              >
                <Trans>Preview</Trans>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No documents</Trans>
        </p>
      )}
      <DocumentPreview file={preview} onClose={() => setPreview(null)} />
    </div>
  );
}
