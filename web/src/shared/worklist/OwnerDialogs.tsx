import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FormField, SimpleSelect, Textarea } from '@portal/design-system';
import type { CommunicationType } from '../../api/notices';
import { useOwnerCandidates } from '../../api/worklist';
import { FormDialog } from '../forms/FormDialog';

/** The select's value for "nobody". */
const NOBODY = 'none';

/** Who the owner is, in a sentence's words: a person's name, or "No owner". */
export function OwnerName({ name }: { name: string | null | undefined }) {
  const { t } = useLingui();
  return <>{name || t`No owner`}</>;
}

/**
 * Picks the person who owns one or more notices (owner candidates: the organisation's and its sites' people who may
 * manage events), with an optional message for their email. `intro` says what will change (how many notices).
 */
export function AssignOwnerDialog({
  title,
  intro,
  type = null,
  currentOwnerId = null,
  allowNobody = false,
  withMessage = false,
  onClose,
  onSave,
}: {
  title: string;
  intro: ReactNode;
  /** The notices' type, when all are of one: only people who may manage it are offered. */
  type?: CommunicationType | null;
  currentOwnerId?: number | null;
  /** Offers "No owner" (a single notice's owner may be taken away). */
  allowNobody?: boolean;
  withMessage?: boolean;
  onClose: () => void;
  /** Saves; answers a sentence when the choice is not acceptable. */
  onSave: (userId: number | null, message: string) => Promise<string | undefined>;
}) {
  const { t } = useLingui();
  const { data: candidates } = useOwnerCandidates(type);
  const [choice, setChoice] = useState(currentOwnerId ? String(currentOwnerId) : '');
  const [message, setMessage] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const options = [
    ...(allowNobody ? [{ value: NOBODY, label: t`No owner` }] : []),
    ...(candidates ?? []).map((c) => ({
      value: String(c.id),
      label: c.organization_name ? `${c.name} (${c.organization_name})` : c.name,
    })),
  ];
  const missing = submitted && choice === '' ? t`Choose a person` : null;
  return (
    <FormDialog
      title={title}
      testId="assign-owner"
      onClose={onClose}
      submit={() => {
        setSubmitted(true);
        if (choice === '') return undefined;
        return onSave(choice === NOBODY ? null : Number(choice), message.trim());
      }}
    >
      <p className="text-sm text-muted-foreground">{intro}</p>
      <FormField label={t`Owner`} required error={missing}>
        <SimpleSelect
          options={options}
          value={choice}
          onValueChange={setChoice}
          placeholder={candidates ? t`Choose a person` : t`Loading...`}
        />
      </FormField>
      {withMessage ? (
        <FormField label={t`Message`} description={t`Added to the email the new owner gets.`}>
          <Textarea value={message} onValueChange={setMessage} maxLength={2000} />
        </FormField>
      ) : null}
    </FormDialog>
  );
}

/**
 * "Not affected": the reason to record (required, 2000 characters at most), prefilled with the usual one. `intro` says
 * what will change (how many notices).
 */
export function NotAffectedDialog({
  intro,
  onClose,
  onSave,
}: {
  intro: ReactNode;
  onClose: () => void;
  onSave: (reason: string) => Promise<string | undefined>;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState(() => t`We have none of this product`);
  const [submitted, setSubmitted] = useState(false);
  const missing = submitted && reason.trim() === '' ? t`Field required` : null;
  return (
    <FormDialog
      title={t`Not affected`}
      testId="not-affected"
      onClose={onClose}
      submit={() => {
        setSubmitted(true);
        if (reason.trim() === '') return undefined;
        return onSave(reason.trim());
      }}
    >
      <p className="text-sm text-muted-foreground">{intro}</p>
      <FormField label={t`Reason`} required error={missing}>
        <Textarea value={reason} onValueChange={setReason} maxLength={2000} />
      </FormField>
    </FormDialog>
  );
}
