import { lazy, Suspense, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { errorMessageAtom, newVersionAtom } from '../state/app';
import { accessDeniedAtom } from '../state/auth';
import { decideLegacyDomain, LEGACY_HOSTS, NEW_ORIGIN } from './legacyDomain';

const Modals = lazy(() => import('./Modals'));

/** App-wide modals, loaded only when one of them has something to show. */
export function GlobalModals() {
  const errorMessage = useAtomValue(errorMessageAtom);
  const newVersion = useAtomValue(newVersionAtom);
  const denied = useAtomValue(accessDeniedAtom);
  const legacy = useMemo(() => decideLegacyDomain(window.location, LEGACY_HOSTS, NEW_ORIGIN), []);
  const needed =
    errorMessage !== null ||
    newVersion !== null ||
    legacy.kind === 'modal' ||
    (denied !== null && denied.communicationId !== null);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Modals legacyUrl={legacy.kind === 'modal' ? legacy.url : null} />
    </Suspense>
  );
}
