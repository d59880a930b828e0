import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import {
  Button,
  DataTable,
  type DataTableColumn,
  FormField,
  formatDate,
  RichTextEditor,
  Spinner,
  Switch,
  TextInput,
  Textarea,
  useToast,
} from '@portal/design-system';
import {
  type EmailPreview,
  type EmailTemplateContent,
  type EmailTemplateDetail,
  type EmailTemplateRow,
  previewEmailTemplate,
  resetEmailTemplate,
  saveEmailTemplate,
  type TemplateLanguage,
  type TemplateScope,
  testSendEmailTemplate,
  TEMPLATE_KEY,
  useEmailTemplate,
  useEmailTemplates,
} from '../../api/emailTemplates';
import { ApiError } from '../../api/client';
import { NotFound } from '../../shared/NotFound';
import { useValidationMessages } from '../../shared/forms/validation';
import { useEditorTexts } from '../../shared/words/labels';
import { errorText, useTableTexts } from '../../shared/lists/table';

/**
 * The email template screens shared by the operator (platform templates) and a provider (overrides of the mail its
 * own users receive): the list, and the editor with placeholders, a preview in both languages and a test send.
 */

export function EmailTemplateList({ side, editPath }: { side: TemplateScope['side']; editPath: string }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const { data, error, isLoading } = useEmailTemplates(side, search);
  const texts = useTableTexts();
  const title = t`Email Templates`;
  const rows = data?.data ?? [];
  const columns: DataTableColumn<EmailTemplateRow>[] = [
    {
      field: 'name',
      header: t`Template`,
      hideable: false,
      cell: (row) => (
        <Link
          className="font-medium text-primary underline-offset-4 hover:underline"
          href={`${editPath}/${side === 'operator' ? row.id : row.key}`}
        >
          {row.name}
        </Link>
      ),
    },
    { field: 'description', header: t`Sent when` },
    { field: 'subject_en', header: t`Subject`, cell: (row) => row.subject_en ?? '' },
    ...(side === 'provider'
      ? [
          {
            field: 'overridden',
            header: t`Version in use`,
            cell: (row: EmailTemplateRow) => (row.overridden ? t`Your own` : t`Platform default`),
          },
        ]
      : []),
    { field: 'version', header: t`Version`, cell: (row) => (row.version ? String(row.version) : '') },
    {
      field: 'updated_at',
      header: t`Last changed`,
      cell: (row) => (row.updated_at ? formatDate(row.updated_at, 'datetime') : ''),
    },
  ];
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{title}</h1>
      {side === 'provider' ? (
        <p className="text-sm text-muted-foreground">
          <Trans>
            Your version of a template is used for the mail your own users receive; without one, the platform's is used.
          </Trans>
        </p>
      ) : null}
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.key}
        total={rows.length}
        pageNumber={1}
        pageSize={Math.max(rows.length, 50)}
        pageSizeOptions={[50]}
        onPageChange={() => undefined}
        onSearchChange={setSearch}
        defaultSearch={search}
        loading={isLoading}
        error={error ? errorText(error, t`Unknown error`) : null}
        texts={texts}
      />
    </div>
  );
}

type Field = `subject_${TemplateLanguage}` | `body_${TemplateLanguage}`;
const LANGUAGES: TemplateLanguage[] = ['en', 'vi'];

const contentOf = (d: EmailTemplateDetail): EmailTemplateContent => ({
  subject_en: d.subject_en,
  body_en: d.body_en,
  subject_vi: d.subject_vi,
  body_vi: d.body_vi,
});

/** Puts `{{ name }}` at the end of the body's last paragraph (the rich-text editor keeps its own cursor). */
function appendToBody(html: string, token: string): string {
  const at = html.lastIndexOf('</p>');
  return at < 0 ? `${html}<p>${token}</p>` : `${html.slice(0, at)} ${token}${html.slice(at)}`;
}

export function EmailTemplateEditor({ scope, backPath }: { scope: TemplateScope; backPath: string }) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const editorTexts = useEditorTexts();
  const messages = useValidationMessages();
  // An address that cannot name a template (a provider key in lower case, an operator id of 0) names nothing: no
  // request, the not-found page.
  const known =
    scope.side === 'operator' ? Number.isSafeInteger(scope.id) && scope.id > 0 : TEMPLATE_KEY.test(scope.key);
  const { data, error, isLoading, mutate } = useEmailTemplate(known ? scope : null);
  const [content, setContent] = useState<EmailTemplateContent | null>(null);
  const [lastField, setLastField] = useState<Field>('subject_en');
  const [sourceMode, setSourceMode] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<EmailPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const language: TemplateLanguage = i18n.locale === 'vi' ? 'vi' : 'en';

  useEffect(() => {
    if (data && !content) setContent(contentOf(data));
  }, [data, content]);

  const refreshPreview = async (draft: EmailTemplateContent | null) => {
    try {
      setPreview(await previewEmailTemplate(scope, draft ?? undefined));
      setProblem(null);
    } catch (err) {
      setProblem(errorText(err, t`Unknown error`));
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: previews the saved template each time it (re)loads only
  useEffect(() => {
    if (data) void refreshPreview(null);
  }, [data]);

  if (!known || (error instanceof ApiError && (error.status === 404 || error.status === 400))) return <NotFound />;
  if (isLoading || (!content && !error)) return <Spinner />;
  if (error || !data || !content) return <p role="alert">{errorText(error, t`Unknown error`)}</p>;

  const set = (field: Field, value: string) => setContent((c) => (c ? { ...c, [field]: value } : c));
  const insert = (name: string) => {
    const token = `{{ ${name} }}`;
    if (lastField.startsWith('subject')) {
      const input = inputs.current[lastField];
      const value = content[lastField];
      const start = input?.selectionStart ?? value.length;
      const end = input?.selectionEnd ?? value.length;
      set(lastField, `${value.slice(0, start)}${token}${value.slice(end)}`);
      requestAnimationFrame(() => {
        input?.focus();
        input?.setSelectionRange(start + token.length, start + token.length);
      });
    } else set(lastField, appendToBody(content[lastField], token));
  };

  const save = async () => {
    setBusy(true);
    try {
      const saved = await saveEmailTemplate(scope, content);
      setProblem(null);
      toast.success(t`Template saved.`);
      await mutate(saved, { revalidate: false });
    } catch (err) {
      const message = errorText(err, t`Unknown error`);
      setProblem(message);
      toast.danger(message);
    } finally {
      setBusy(false);
    }
  };
  const reset = async () => {
    if (scope.side !== 'provider') return;
    setBusy(true);
    try {
      const platform = await resetEmailTemplate(scope.key);
      setContent(contentOf(platform));
      setProblem(null);
      toast.success(t`Your users now get the platform's template.`);
      await mutate(platform, { revalidate: false });
    } catch (err) {
      const message = errorText(err, t`Unknown error`);
      setProblem(message);
      toast.danger(message);
    } finally {
      setBusy(false);
    }
  };
  const testSend = async (lang: TemplateLanguage) => {
    setBusy(true);
    try {
      const sent = await testSendEmailTemplate(scope, lang, content);
      toast.success(t`Test email sent to ${sent.to}.`);
    } catch (err) {
      const message = errorText(err, t`Unknown error`);
      setProblem(message);
      toast.danger(message);
    } finally {
      setBusy(false);
    }
  };

  const languageName = (lang: TemplateLanguage) => (lang === 'en' ? t`English` : t`Vietnamese`);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-semibold">{data.name}</h1>
        <span className="text-sm text-muted-foreground">
          {scope.side === 'provider' && !data.overridden ? (
            <Trans>Platform default</Trans>
          ) : (
            <Trans>Version {data.version}</Trans>
          )}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">{data.description}</p>
      {problem ? (
        <p role="alert" className="rounded-md border border-destructive p-2 text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[1fr_16rem]">
        <div className="grid gap-6">
          <div className="flex items-center gap-2 text-sm">
            <Switch id="email-template-source" checked={sourceMode} onCheckedChange={setSourceMode} />
            <label htmlFor="email-template-source">
              <Trans>Edit the body as HTML</Trans>
            </label>
          </div>
          {LANGUAGES.map((lang) => (
            <section key={lang} className="grid gap-3" aria-label={languageName(lang)}>
              <h2 className="font-semibold">{languageName(lang)}</h2>
              <FormField label={t`Subject (${languageName(lang)})`} required>
                <TextInput
                  ref={(el) => {
                    inputs.current[`subject_${lang}`] = el;
                  }}
                  value={content[`subject_${lang}`]}
                  maxLength={500}
                  onFocus={() => setLastField(`subject_${lang}`)}
                  onValueChange={(v) => set(`subject_${lang}`, v)}
                />
              </FormField>
              {sourceMode ? (
                <FormField label={t`Body (${languageName(lang)})`} required>
                  <Textarea
                    rows={10}
                    className="font-mono text-xs"
                    value={content[`body_${lang}`]}
                    onFocus={() => setLastField(`body_${lang}`)}
                    onChange={(e) => set(`body_${lang}`, e.target.value)}
                  />
                </FormField>
              ) : (
                // biome-ignore lint/a11y/noStaticElementInteractions: focus bubbling from the editor only records the field last used
                <div className="grid gap-1.5" onFocus={() => setLastField(`body_${lang}`)}>
                  <span className="text-sm font-medium">{t`Body (${languageName(lang)})`}</span>
                  <RichTextEditor
                    aria-label={t`Body (${languageName(lang)})`}
                    value={content[`body_${lang}`]}
                    onChange={(html) => set(`body_${lang}`, html)}
                    rules="required_editor"
                    messages={messages}
                    texts={editorTexts}
                  />
                </div>
              )}
            </section>
          ))}
          <div className="flex flex-wrap gap-2">
            <Button onClick={save} disabled={busy}>
              <Trans>Save</Trans>
            </Button>
            <Button variant="outline" onClick={() => refreshPreview(content)} disabled={busy}>
              <Trans>Preview</Trans>
            </Button>
            {LANGUAGES.map((lang) => (
              <Button key={lang} variant="outline" onClick={() => testSend(lang)} disabled={busy}>
                <Trans>Send test ({languageName(lang)})</Trans>
              </Button>
            ))}
            {scope.side === 'provider' && data.overridden ? (
              <Button variant="outline" onClick={reset} disabled={busy}>
                <Trans>Use the platform's template</Trans>
              </Button>
            ) : null}
            <Button variant="ghost" asChild>
              <Link href={backPath}>
                <Trans>Back to the list</Trans>
              </Link>
            </Button>
          </div>
        </div>
        <aside className="grid content-start gap-2" aria-label={t`Placeholders`}>
          <h2 className="font-semibold">
            <Trans>Placeholders</Trans>
          </h2>
          <p className="text-xs text-muted-foreground">
            <Trans>Inserted into the field you last used. Values are filled in when the email is sent.</Trans>
          </p>
          {data.placeholders.length ? (
            <ul className="grid gap-2">
              {data.placeholders.map((p) => (
                <li key={p.name} className="grid gap-0.5">
                  <Button
                    size="sm"
                    variant="outline"
                    className="justify-start font-mono"
                    aria-label={t`Insert ${p.name}`}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => insert(p.name)}
                  >
                    {`{{ ${p.name} }}`}
                  </Button>
                  <span className="text-xs text-muted-foreground">{p.description}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm">
              <Trans>This template offers no placeholders.</Trans>
            </p>
          )}
        </aside>
      </div>

      <section className="grid gap-2" aria-label={t`Preview`}>
        <h2 className="font-semibold">
          <Trans>Preview with sample data</Trans>
        </h2>
        {preview ? (
          <div className="grid gap-4 lg:grid-cols-2">
            {LANGUAGES.map((lang) => (
              <figure key={lang} className="grid gap-1">
                <figcaption className="text-sm">
                  <span className="font-medium">{languageName(lang)}: </span>
                  <span data-testid={`preview-subject-${lang}`}>{preview[lang].subject}</span>
                </figcaption>
                <iframe
                  title={t`Preview (${languageName(lang)})`}
                  sandbox=""
                  srcDoc={preview[lang].html}
                  className="h-96 w-full rounded-md border bg-white"
                />
              </figure>
            ))}
          </div>
        ) : (
          <Spinner />
        )}
      </section>

      {data.versions.length ? (
        <section className="grid gap-2" aria-label={t`Versions`}>
          <h2 className="font-semibold">
            <Trans>Versions</Trans>
          </h2>
          <ul className="grid gap-1 text-sm">
            {data.versions.map((v) => (
              <li key={v.id}>
                <Trans>
                  Version {v.version}, {formatDate(v.created_at, 'datetime')}, {v.created_by_email ?? '—'}
                </Trans>
                {': '}
                <span className="text-muted-foreground">{language === 'vi' ? v.subject_vi : v.subject_en}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
