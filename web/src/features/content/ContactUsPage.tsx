import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Spinner } from '@portal/design-system';
import { useHelpSettings } from '../../api/content';

/** /contact-us: the operator's contact information and the help links (knowledge base, FAQ, contact), each in a new window. */
export default function ContactUsPage() {
  const { t } = useLingui();
  const { data, error } = useHelpSettings();
  if (error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {error.message}
      </p>
    );
  if (!data) return <Spinner label={t`Loading...`} />;
  const contact: [string, ReactNode][] = [];
  if (data.contact_email)
    contact.push([
      t`Email`,
      <a key="email" href={`mailto:${data.contact_email}`} className="text-primary hover:underline">
        {data.contact_email}
      </a>,
    ]);
  if (data.contact_phone) contact.push([t`Phone`, data.contact_phone]);
  if (data.contact_address)
    contact.push([
      t`Address`,
      <span key="address" className="whitespace-pre-line">
        {data.contact_address}
      </span>,
    ]);
  if (data.contact_hours) contact.push([t`Support hours`, data.contact_hours]);
  const links = [
    { url: data.knowledge_base_url, label: t`Knowledge base` },
    { url: data.faq_url, label: t`FAQ` },
    { url: data.contact_url, label: t`Contact` },
  ].filter((l): l is { url: string; label: string } => Boolean(l.url));
  return (
    <section className="max-w-3xl space-y-6" data-testid="contact-us">
      <h1 className="text-2xl font-semibold">
        <Trans>Contact Us</Trans>
      </h1>
      {contact.length ? (
        <dl className="grid grid-cols-[10rem_1fr] gap-x-2 gap-y-2 text-sm">
          {contact.map(([label, value]) => [
            <dt key={`${label}-t`} className="text-muted-foreground">
              {label}
            </dt>,
            <dd key={`${label}-d`}>{value}</dd>,
          ])}
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No contact information yet.</Trans>
        </p>
      )}
      {links.length ? (
        <nav aria-label={t`Help links`}>
          <h2 className="mb-2 text-lg font-semibold">
            <Trans>Help</Trans>
          </h2>
          <ul className="list-inside list-disc space-y-1 text-sm">
            {links.map((l) => (
              <li key={l.label}>
                <a href={l.url} target="_blank" rel="noopener noreferrer" className="text-primary hover:underline">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
