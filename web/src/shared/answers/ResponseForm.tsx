import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, useOptionalToast } from '@portal/design-system';
import type { AnswerWithAction, NoticeAction, NoticeFile } from '../../api/notices';
import { ActionAnswerInput } from './ActionAnswerInput';
import { buildAnswers, checkAll, draftFromResponse, emptyDraft, type AnswerDraft, type AnswerProblem } from './answers';

/** How a form sends answers and files: the public notice, the delegate form and the provider view differ only here. */
export interface ResponseApi {
  saveAll: (answers: AnswerWithAction[]) => Promise<unknown>;
  upload: (action: NoticeAction, file: File) => Promise<unknown>;
  deleteFile: (action: NoticeAction, file: NoticeFile) => Promise<unknown>;
}

export interface ResponseFormProps {
  actions: NoticeAction[];
  api: ResponseApi;
  readOnly?: boolean;
  /** Reloads the actions (after an upload, a deletion or a save). */
  reload: () => Promise<unknown>;
  onSubmitted?: () => void;
  onPreview: (file: NoticeFile) => void;
}

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/** Every action answered with the input of its type; Save draft keeps drafts, Submit checks and submits. */
export function ResponseForm({ actions, api, readOnly = false, reload, onSubmitted, onPreview }: ResponseFormProps) {
  const { t } = useLingui();
  const toast = useOptionalToast();
  const [drafts, setDrafts] = useState<Record<number, AnswerDraft>>({});
  const [problems, setProblems] = useState<Record<number, AnswerProblem>>({});
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  // New actions (first load) take their saved answers; answers being typed are kept across reloads.
  useEffect(() => {
    setDrafts((current) => {
      const next = { ...current };
      for (const a of actions) if (!(a.id in next)) next[a.id] = draftFromResponse(a.response?.value);
      return next;
    });
  }, [actions]);

  const fail = (err: unknown) => {
    const text = errorText(err, t`Unknown error`);
    setMessage({ ok: false, text });
    toast?.danger(text);
  };

  async function save(submit: boolean) {
    setMessage(null);
    const found = checkAll(actions, drafts, submit);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setMessage({ ok: false, text: t`Please correct the highlighted answers.` });
      return;
    }
    const answers = buildAnswers(actions, drafts, submit);
    if (answers.length === 0) {
      if (!submit) setMessage({ ok: false, text: t`Nothing to save yet.` });
      else onSubmitted?.();
      return;
    }
    setBusy(submit ? 'submit' : 'draft');
    try {
      await api.saveAll(answers);
      await reload();
      if (submit) {
        toast?.success(t`Your response has been submitted.`);
        onSubmitted?.();
      } else {
        setMessage({ ok: true, text: t`Your draft has been saved.` });
        toast?.success(t`Your draft has been saved.`);
      }
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  const editable = actions.filter((a) => !a.is_disabled).length > 0 && !readOnly;

  return (
    <section aria-labelledby="actions-title" className="grid gap-3">
      <h2 id="actions-title" className="text-base font-semibold">
        <Trans>Actions</Trans>
      </h2>
      {actions.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No record found</Trans>
        </p>
      ) : null}
      {actions.map((action) => (
        <ActionAnswerInput
          key={action.id}
          action={action}
          draft={drafts[action.id] ?? emptyDraft()}
          problem={problems[action.id] ?? null}
          readOnly={readOnly}
          onChange={(d) => {
            setDrafts((all) => ({ ...all, [action.id]: d }));
            if (problems[action.id]) setProblems(({ [action.id]: _dropped, ...rest }) => rest);
          }}
          onUpload={async (file) => {
            try {
              await api.upload(action, file);
              // A file answers a file action: its "Field required" goes as the file arrives.
              setProblems(({ [action.id]: _answered, ...rest }) => rest);
              await reload();
            } catch (err) {
              fail(err);
            }
          }}
          onDeleteFile={async (file) => {
            try {
              await api.deleteFile(action, file);
              toast?.success(t`Successfully Deleted!`);
              await reload();
            } catch (err) {
              fail(err);
            }
          }}
          onPreview={onPreview}
        />
      ))}
      {message ? (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={
            message.ok
              ? 'rounded-md bg-success/10 px-3 py-2 text-sm text-success'
              : 'rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive'
          }
        >
          {message.text}
        </p>
      ) : null}
      {editable ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            loading={busy === 'draft'}
            disabled={busy !== null}
            onClick={() => void save(false)}
          >
            <Trans>Save draft</Trans>
          </Button>
          <Button loading={busy === 'submit'} disabled={busy !== null} onClick={() => void save(true)}>
            <Trans>Submit</Trans>
          </Button>
        </div>
      ) : null}
    </section>
  );
}
