import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FormField, SimpleSelect } from '@portal/design-system';
import { moveProviderCommunication } from '../../api/provider';
import { FormDialog } from '../../shared/forms/FormDialog';
import { useConfirmedAction } from '../../shared/forms/useConfirmedAction';
import { useWorkingSite } from '../../shared/session/workingSite';

/**
 * "Move to site…" on a notice of a health system with sites (switch-sites): hands the notice to the organisation itself
 * or another of its sites, after asking; the notice is then listed under that site. Nothing for an organisation
 * without sites.
 */
export function MoveToSite({
  pcId,
  current,
  onMoved,
}: {
  pcId: number;
  /** The organisation the notice is with now. */
  current: number | null;
  onMoved: () => unknown;
}) {
  const { t } = useLingui();
  const { sites } = useWorkingSite();
  const confirmed = useConfirmedAction(onMoved);
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState('');
  const [submitted, setSubmitted] = useState(false);
  if (!sites || sites.length < 2) return null;
  const options = sites.filter((s) => s.id !== current).map((s) => ({ value: String(s.id), label: s.name }));
  const missing = submitted && target === '' ? t`Choose a site` : null;

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} loading={confirmed.busy}>
        <Trans>Move to site…</Trans>
      </Button>
      {open ? (
        <FormDialog
          title={t`Move to another site`}
          testId="move-to-site"
          onClose={() => setOpen(false)}
          submit={() => {
            setSubmitted(true);
            const site = sites.find((s) => String(s.id) === target);
            if (!site) return undefined;
            const name = site.name;
            setOpen(false);
            confirmed.ask({
              description: t`Move this notice to ${name}? It is then listed under that site.`,
              confirmText: t`Move`,
              onCancel: () => setOpen(true),
              run: async () => {
                await moveProviderCommunication(pcId, site.id);
                setTarget('');
                setSubmitted(false);
                return t`Moved to ${name}.`;
              },
            });
            return undefined;
          }}
        >
          <FormField id="move-to-site-target" label={t`Site`} required error={missing}>
            <SimpleSelect options={options} value={target} onValueChange={setTarget} placeholder={t`Choose a site`} />
          </FormField>
        </FormDialog>
      ) : null}
      {confirmed.dialog}
    </>
  );
}
