import { useId, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  Checkbox,
  FileUpload,
  Label,
  RadioGroup,
  RadioGroupItem,
  Textarea,
  TextInput,
  type UploadedFile,
} from '@portal/design-system';
import type { NoticeAction, NoticeFile } from '../../api/notices';
import { digitsOnly, toggleOption, type AnswerDraft, type AnswerProblem } from './answers';
import { formatDate } from '../lists/table';
import { AnswerFiles } from './AnswerFiles';

/** Issue 32: an action's own due date. */
function ActionDue({ date }: { date: string }) {
  const { t } = useLingui();
  const due = formatDate(date);
  return <p className="text-xs font-medium">{t`Due ${due}`}</p>;
}

export interface ActionAnswerInputProps {
  action: NoticeAction;
  draft: AnswerDraft;
  problem: AnswerProblem | null;
  onChange: (draft: AnswerDraft) => void;
  onUpload: (file: File) => Promise<void>;
  onDeleteFile: (file: NoticeFile) => Promise<void>;
  onPreview: (file: NoticeFile) => void;
  /** Read-only (closed event, disabled action). */
  readOnly?: boolean;
}

export const toUploaded = (f: NoticeFile): UploadedFile => ({
  id: f.id,
  name: f.name,
  size: f.size,
  url: f.signed_url_review,
  mimeType: f.type,
});

/** Only the lists of allowed choices the server accepts (spec 000 §5) are shown; every text goes through lingui. */
export function ActionAnswerInput({
  action,
  draft,
  problem,
  onChange,
  onUpload,
  onDeleteFile,
  onPreview,
  readOnly = false,
}: ActionAnswerInputProps) {
  const { t } = useLingui();
  const id = useId();
  const disabled = readOnly || action.is_disabled;
  const errorId = `${id}-error`;
  const error =
    problem === 'required' ? t`Field required` : problem === 'numeric' ? t`Only numeric values are accepted.` : null;
  const described = error ? errorId : undefined;
  const set = (patch: Partial<AnswerDraft>) => onChange({ ...draft, ...patch });

  let control: ReactNode = null;
  switch (action.action_type) {
    case 'Acknowledge':
      control = (
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-ack`}
            checked={draft.valueAcknowledge}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            onCheckedChange={(v) => set({ valueAcknowledge: v === true })}
          />
          <Label htmlFor={`${id}-ack`}>{t`I acknowledge`}</Label>
        </div>
      );
      break;
    case 'Text':
      control = (
        <Textarea
          aria-labelledby={`${id}-title`}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          value={draft.valueText}
          disabled={disabled}
          maxLength={10000}
          onValueChange={(v) => set({ valueText: v })}
        />
      );
      break;
    case 'Numeric':
      control = (
        <TextInput
          aria-labelledby={`${id}-title`}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          inputMode="numeric"
          pattern="[0-9]*"
          value={draft.valueNumeric}
          disabled={disabled}
          maxLength={30}
          onValueChange={(v) => set({ valueNumeric: digitsOnly(v) })}
        />
      );
      break;
    case 'YesNo':
      control = (
        <RadioGroup
          aria-labelledby={`${id}-title`}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className="flex gap-6"
          value={draft.valueYesNo}
          disabled={disabled}
          onValueChange={(v) => set({ valueYesNo: v === 'Yes' || v === 'No' ? v : '' })}
        >
          <div className="flex items-center gap-2">
            <RadioGroupItem id={`${id}-yes`} value="Yes" />
            <Label htmlFor={`${id}-yes`}>{t`Yes`}</Label>
          </div>
          <div className="flex items-center gap-2">
            <RadioGroupItem id={`${id}-no`} value="No" />
            <Label htmlFor={`${id}-no`}>{t`No`}</Label>
          </div>
        </RadioGroup>
      );
      break;
    case 'Checkbox':
      control = (
        <div role="group" aria-labelledby={`${id}-title`} aria-describedby={described} className="grid gap-2">
          {action.options.map((option, i) => (
            <div key={option} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-opt-${i}`}
                checked={draft.valueCheckbox.includes(option)}
                disabled={disabled}
                onCheckedChange={(v) =>
                  set({ valueCheckbox: toggleOption(action.options, draft.valueCheckbox, option, v === true) })
                }
              />
              <Label htmlFor={`${id}-opt-${i}`}>{option}</Label>
            </div>
          ))}
        </div>
      );
      break;
    case 'MultipleChoice':
      control = (
        <RadioGroup
          aria-labelledby={`${id}-title`}
          aria-describedby={described}
          className="grid gap-2"
          value={draft.valueMultiChoice[0] ?? ''}
          disabled={disabled}
          onValueChange={(v) => set({ valueMultiChoice: v ? [v] : [] })}
        >
          {action.options.map((option, i) => (
            <div key={option} className="flex items-center gap-2">
              <RadioGroupItem id={`${id}-mc-${i}`} value={option} />
              <Label htmlFor={`${id}-mc-${i}`}>{option}</Label>
            </div>
          ))}
        </RadioGroup>
      );
      break;
    case 'Image':
    case 'Document':
      // Read-only (a closed event, a disabled action): the answer's files as every reader sees them, without a dead
      // Upload button; each still opens in the page's File Preview and downloads.
      control = disabled ? (
        action.files.length ? (
          <AnswerFiles
            files={action.files}
            onPreview={(f) => {
              const file = action.files.find((x) => x.id === f.id);
              if (file) onPreview(file);
            }}
          />
        ) : (
          <p className="text-sm text-muted-foreground">{t`No files`}</p>
        )
      ) : (
        <FileUpload
          kind={action.action_type}
          files={action.files.map(toUploaded)}
          disabled={disabled}
          label={action.title}
          onUpload={onUpload}
          onDelete={
            disabled
              ? undefined
              : async (f) => {
                  const file = action.files.find((x) => x.id === f.id);
                  if (file) await onDeleteFile(file);
                }
          }
          onPreview={(f) => {
            const file = action.files.find((x) => x.id === f.id);
            if (file) onPreview(file);
          }}
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
            deleteConfirm: t`Confirm delete file?`,
            confirm: t`Confirm`,
            cancel: t`Cancel`,
          }}
        />
      );
      break;
    default:
      control = null;
  }

  return (
    <fieldset
      data-testid={`action-${action.id}`}
      data-action-type={action.action_type}
      className="grid gap-2 rounded-md border p-3"
      aria-describedby={described}
    >
      <legend id={`${id}-title`} className="px-1 text-sm font-medium">
        {action.title}
        {action.is_required ? (
          <span aria-hidden="true" className="text-destructive">
            {' '}
            *
          </span>
        ) : null}
      </legend>
      {action.description ? <p className="text-xs text-muted-foreground">{action.description}</p> : null}
      {action.due_date ? <ActionDue date={action.due_date} /> : null}
      {action.is_disabled ? (
        <p className="text-xs text-muted-foreground">{t`This action is disabled and cannot be edited.`}</p>
      ) : null}
      {control}
      {action.response ? (
        <p className="text-xs text-muted-foreground">
          {action.response.status === 'SUBMITTED' ? t`Submitted` : t`Draft saved`}
          {action.response.responder_email ? ` · ${action.response.responder_email}` : ''}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
