import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import { Button } from '@portal/design-system';
import type { CommunicationType } from '../../api/notices';
import { authAtom } from '../../state/auth';
import { hasAnyPermission } from '../../shared/session/permissions';

/**
 * The communication type a settings page (template actions, distribution lists) works on: recalls by default; a
 * user who also manages supply advisories may switch (the API checks the permission of each type).
 */
export function useSettingsType(): { type: CommunicationType; switcher: React.ReactNode } {
  const { t } = useLingui();
  const { permissions } = useAtomValue(authAtom);
  const recalls = hasAnyPermission(permissions, ['Provider_ManageRecalls']);
  const advisories = hasAnyPermission(permissions, ['Provider_ManageDisruption']);
  const [type, setType] = useState<CommunicationType>(recalls || !advisories ? 'RECALL' : 'PRODUCT DISRUPTION');
  const choices: { value: CommunicationType; label: string }[] = [
    { value: 'RECALL', label: t`Recalls` },
    { value: 'PRODUCT DISRUPTION', label: t`Supply Advisories` },
  ];
  const switcher =
    recalls && advisories ? (
      <div role="group" aria-label={t`Communication type`} className="flex gap-1">
        {choices.map((c) => (
          <Button
            key={c.value}
            size="sm"
            variant={type === c.value ? 'default' : 'outline'}
            aria-pressed={type === c.value}
            onClick={() => setType(c.value)}
          >
            {c.label}
          </Button>
        ))}
      </div>
    ) : null;
  return { type, switcher };
}
