import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, formatBytes, formatDate } from '@portal/design-system';
import type { NoticeFile, NoticeProduct, NoticeView } from '../../api/notices';
import { useLabels, vocabularyLocale } from '../words/labels';
import { DueDate } from '../worklist/DueDate';

/** Rich-text descriptions are shown as plain text (no markup from the sender is ever rendered). */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').trim();
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-2">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

const shortDate = (value: string | null) => (value ? formatDate(value) : null);

/** Whom to write to at the supplier, when the provider keeps its own contact for it (`own`). */
export interface SupplierContactInfo {
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  own: boolean;
}

export function CommunicationDetails({
  view,
  supplierContact,
}: {
  view: Pick<NoticeView, 'communication' | 'provider_communication'>;
  supplierContact?: SupplierContactInfo;
}) {
  const { t, i18n } = useLingui();
  const labels = useLabels();
  const c = view.communication;
  // The server's words for the event's lookup codes first (public forms load no lookup values), then the label map.
  const language = vocabularyLocale(i18n.locale);
  const served = (field: keyof NonNullable<typeof c.labels>) => c.labels?.[field]?.[language];
  const word = (map: Record<string, string>, code: string | null, field?: keyof NonNullable<typeof c.labels>) =>
    code ? (field && served(field)) || (map[code] ?? code) : null;
  const who = supplierContact?.own ? supplierContact : c;
  const contact = [who.contact_name, who.contact_email, who.contact_phone].filter(Boolean).join(' · ');
  return (
    <section aria-labelledby="event-details" className="grid gap-2">
      <h2 id="event-details" className="text-base font-semibold">
        <Trans>Event details</Trans>
      </h2>
      <dl className="grid gap-2">
        <Row label={t`Supplier`}>{c.supplier_name}</Row>
        <Row label={t`Recipient`}>{view.provider_communication.customer_name}</Row>
        <Row label={t`Event name`}>{c.name}</Row>
        <Row label={t`Event ID`}>{c.event_id}</Row>
        <Row label={t`Type`}>{word(labels.communicationTypes, c.type)}</Row>
        <Row label={t`Subtype`}>{word(labels.subtypes, c.subtype, 'subtype')}</Row>
        <Row label={t`Classification`}>{word(labels.classifications, c.classification, 'classification')}</Row>
        <Row label={t`Reason`}>{word(labels.reasons, c.reason, 'reason')}</Row>
        <Row label={t`Disposition`}>{word(labels.dispositions, c.disposition, 'disposition')}</Row>
        <Row label={t`Lead time`}>{word(labels.leadTimes, c.lead_time, 'lead_time')}</Row>
        <Row label={t`Event date`}>{shortDate(c.event_date)}</Row>
        <Row label={t`End date`}>{shortDate(c.end_date)}</Row>
        <Row label={t`Response due`}>
          {c.response_due_date ? (
            <DueDate
              dueDate={c.response_due_date}
              daysLeft={c.days_left}
              overdue={view.provider_communication.overdue}
              settled={view.provider_communication.response_status === 'COMPLETED'}
            />
          ) : null}
        </Row>
        <Row label={supplierContact?.own ? t`Your supplier contact` : t`Contact`}>{contact}</Row>
        <Row label={t`Description`}>{plainText(c.description)}</Row>
      </dl>
    </section>
  );
}

const PRODUCT_FIELDS = [
  'product_name',
  'catalog_number',
  'lot_number',
  'serial_number',
  'udi',
  'description',
  'expiration_date',
  'quantity',
] as const;

type FieldValue = NonNullable<NoticeProduct['fields']>[number];

/**
 * A custom product field's value (spec 000 §3 value fields) as text; Yes/No, True/False and the built-in list values
 * (`word`: Room temperature, …) in the reader's language.
 */
export function fieldValueText(
  f: FieldValue,
  words: { yes: string; no: string; true: string; false: string },
  word: (text: string) => string = (text) => text,
): string {
  if (f.valueListMultiple) return f.valueListMultiple.map(word).join(', ');
  if (f.valueDate) return shortDate(f.valueDate) ?? '';
  if (f.valueYesNo) return f.valueYesNo === 'Yes' ? words.yes : words.no;
  if (f.valueTrueFalse !== undefined) return f.valueTrueFalse ? words.true : words.false;
  if (f.valueNumber !== undefined) return String(f.valueNumber);
  if (f.valueListSingle) return word(f.valueListSingle);
  return f.valueText ?? '';
}

/** The sales-rep form's products come without ids (its answer has none): those rows are keyed by position. */
export function ProductList({
  products,
}: {
  products: (Partial<Pick<NoticeProduct, 'id' | 'fields' | (typeof PRODUCT_FIELDS)[number]>> &
    Pick<NoticeProduct, 'product_name'>)[];
}) {
  const { t } = useLingui();
  const { productFieldWord } = useLabels();
  const labels: Record<(typeof PRODUCT_FIELDS)[number], string> = {
    product_name: t`Product`,
    catalog_number: t`Catalog number`,
    lot_number: t`Lot number`,
    serial_number: t`Serial number`,
    udi: t`UDI`,
    description: t`Description`,
    expiration_date: t`Expiration date`,
    quantity: t`Quantity`,
  };
  if (products.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No record found</Trans>
      </p>
    );
  }
  return (
    <ul className="grid gap-2" aria-label={t`Products`}>
      {products.map((p, index) => (
        <li key={p.id ?? `row-${index}`} className="rounded-md border p-3">
          <dl className="grid gap-1">
            {PRODUCT_FIELDS.map((f) => {
              const v = p[f];
              return v === null || v === undefined || v === '' ? null : (
                <Row key={f} label={labels[f]}>
                  {f === 'expiration_date' ? shortDate(String(v)) : String(v)}
                </Row>
              );
            })}
            {(p.fields ?? []).map((f) => (
              <Row key={`field-${f.id}`} label={productFieldWord(f.name)}>
                {fieldValueText(f, { yes: t`Yes`, no: t`No`, true: t`True`, false: t`False` }, productFieldWord)}
              </Row>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function DocumentList({
  documents,
  onPreview,
}: {
  documents: NoticeFile[];
  onPreview: (file: NoticeFile) => void;
}) {
  const { t } = useLingui();
  if (documents.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No record found</Trans>
      </p>
    );
  }
  return (
    <ul className="grid gap-2" aria-label={t`Documents`}>
      {documents.map((d) => (
        <li
          key={d.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
        >
          <span className="break-all">
            {d.name} <span className="text-xs text-muted-foreground">({formatBytes(d.size)})</span>
          </span>
          <Button variant="outline" size="sm" onClick={() => onPreview(d)}>
            <Trans>Preview</Trans>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** What a public form shows of the notice before its actions: the event, its products and its documents. */
export function NoticeBody({
  view,
  onPreview,
}: {
  view: Pick<NoticeView, 'communication' | 'provider_communication' | 'products' | 'documents'>;
  onPreview: (file: NoticeFile) => void;
}) {
  return (
    <>
      <CommunicationDetails view={view} />
      <section aria-labelledby="products-title" className="grid gap-2">
        <h2 id="products-title" className="text-base font-semibold">
          <Trans>Products</Trans>
        </h2>
        <ProductList products={view.products} />
      </section>
      <section aria-labelledby="documents-title" className="grid gap-2">
        <h2 id="documents-title" className="text-base font-semibold">
          <Trans>Documents</Trans>
        </h2>
        <DocumentList documents={view.documents} onPreview={onPreview} />
      </section>
    </>
  );
}
