import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { sanitizeHtml, Spinner, TextInput, useDebouncedCallback } from '@portal/design-system';
import { useFaqs } from '../../api/content';

/** /faqs: the FAQs of the caller's user type, in the operator's order, searchable (500 ms, trimmed). */
export default function FaqsPage() {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const emit = useDebouncedCallback((value: string) => setSearch(value), 500);
  const { data, error, isLoading } = useFaqs(search);
  return (
    <section className="max-w-3xl space-y-4" data-testid="faqs">
      <h1 className="text-2xl font-semibold">
        <Trans>Frequently Asked Questions</Trans>
      </h1>
      <TextInput
        type="search"
        aria-label={t`Search FAQs`}
        placeholder={t`Search FAQs`}
        onValueChange={emit}
        maxLength={200}
      />
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : isLoading && !data ? (
        <Spinner label={t`Loading...`} />
      ) : data?.length ? (
        <div className="divide-y rounded-md border">
          {data.map((faq) => (
            <details key={faq.id} className="group p-4">
              <summary className="cursor-pointer font-medium">{faq.title}</summary>
              <div
                className="prose prose-sm mt-2 max-w-none text-sm"
                // The answer is the operator's rich text, reduced to the editor's tags by the one sanitiser.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above by sanitizeHtml
                dangerouslySetInnerHTML={{ __html: sanitizeHtml(faq.body, { richText: true }) }}
              />
            </details>
          ))}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No record found</Trans>
        </p>
      )}
    </section>
  );
}
