import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  FormField,
  SimpleSelect,
  Spinner,
  TextInput,
  useToast,
  validate,
} from '@portal/design-system';
import type { CommunicationType } from '../../api/communications';
import {
  addDistributionListMember,
  removeDistributionListMember,
  useDistributionListMembers,
  useSupplierProviders,
  type DistributionList,
} from '../../api/supplier';
import { useValidationMessages } from '../../shared/forms/validation';
import { useDistributionListConfig } from './distributionLists';
import { MasterListPage, type MasterListConfig } from '../../shared/lists/MasterListPage';
import { errorText } from '../../shared/lists/table';

const NONE = '__none__';

function MembersDialog({ list, onClose }: { list: DistributionList; onClose: () => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const messages = useValidationMessages();
  const { data, mutate, isLoading } = useDistributionListMembers(list.id, { pageNumber: 1, pageSize: 500 });
  const { data: providers } = useSupplierProviders({ pageNumber: 1, pageSize: 500 });
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [provider, setProvider] = useState(NONE);
  const [submitted, setSubmitted] = useState(false);
  const listName = list.name;
  const emailError = provider === NONE ? validate(email, 'required|email', { messages }) : null;

  async function add() {
    setSubmitted(true);
    if (emailError) return;
    try {
      await addDistributionListMember(
        list.id,
        provider !== NONE
          ? { provider_organization_id: Number(provider) }
          : { email: email.trim(), ...(name.trim() ? { name: name.trim() } : {}) },
      );
      setEmail('');
      setName('');
      setProvider(NONE);
      setSubmitted(false);
      toast.success(t`Member added.`);
      await mutate();
    } catch (err) {
      toast.danger(errorText(err, t`Unknown error`));
    }
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t`Close`} className="max-h-[90vh] overflow-auto">
        <DialogTitle>
          <Trans>Members of {listName}</Trans>
        </DialogTitle>
        {isLoading ? <Spinner label={t`Loading...`} /> : null}
        <ul className="divide-y rounded-md border text-sm" data-testid="members">
          {(data?.items ?? []).map((m) => (
            <li key={m.id} className="flex items-center justify-between gap-2 p-2">
              <span>
                {m.name} {m.email ? <span className="text-muted-foreground">({m.email})</span> : null}
              </span>
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  void removeDistributionListMember(list.id, m.id)
                    .then(() => mutate())
                    .catch((err: unknown) => toast.danger(errorText(err, t`Unknown error`)))
                }
              >
                <Trans>Remove</Trans>
              </Button>
            </li>
          ))}
          {data && data.items.length === 0 ? (
            <li className="p-2 text-muted-foreground">
              <Trans>No record found</Trans>
            </li>
          ) : null}
        </ul>
        <div className="space-y-2">
          <FormField label={t`Provider`}>
            <SimpleSelect
              value={provider}
              onValueChange={setProvider}
              options={[
                { value: NONE, label: t`None` },
                ...(providers?.items ?? []).map((p) => ({ value: String(p.id), label: p.name })),
              ]}
            />
          </FormField>
          {provider === NONE ? (
            <div className="grid gap-2 sm:grid-cols-2">
              <FormField label={t`Name`}>
                <TextInput value={name} onValueChange={setName} />
              </FormField>
              <FormField label={t`Email`} required error={submitted ? emailError : null}>
                <TextInput type="email" value={email} onValueChange={setEmail} />
              </FormField>
            </div>
          ) : null}
          <Button onClick={() => void add()}>
            <Trans>Add member</Trans>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Recall and advisory distribution lists, with their members. */
export function DistributionListsPage({ type }: { type: CommunicationType }) {
  const [members, setMembers] = useState<DistributionList | null>(null);
  const config: MasterListConfig<DistributionList> = {
    ...useDistributionListConfig(type, setMembers),
    pageKey: type === 'RECALL' ? 'supplier-recall-distribution-lists' : 'supplier-advisory-distribution-lists',
    path: '/supplier/distribution-lists',
    children: members ? <MembersDialog list={members} onClose={() => setMembers(null)} /> : null,
  };
  return <MasterListPage config={config} />;
}
