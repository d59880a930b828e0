import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FaqList, Spinner, TextInput, useDebouncedCallback } from '@portal/design-system';
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
      ) : (
        <FaqList
          items={(data ?? []).map((faq) => ({ id: faq.id, question: faq.title, answerHtml: faq.body }))}
          emptyText={t`No record found`}
        />
      )}
    </section>
  );
}
