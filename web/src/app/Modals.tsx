import { useAtom } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import { ErrorModal, LegacyDomainModal, NewVersionModal } from '@portal/design-system';
import { errorMessageAtom, newVersionAtom } from '../state/app';
import { PermissionDenied } from './AccessDeniedNotice';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Error (ok:false answers), new version, legacy domain and permission-denied modals. */
export default function Modals({ legacyUrl }: { legacyUrl: string | null }) {
  const { t } = useLingui();
  const [errorMessage, setErrorMessage] = useAtom(errorMessageAtom);
  const [newVersion] = useAtom(newVersionAtom);
  const domain = legacyUrl ? hostOf(legacyUrl) : '';
  return (
    <>
      <ErrorModal
        open={errorMessage !== null}
        onOpenChange={(open) => {
          if (!open) setErrorMessage(null);
        }}
        onClose={() => setErrorMessage(null)}
        message={errorMessage}
        title={t`Error`}
        defaultMessage={t`Unknown error`}
        closeText={t`OK`}
      />
      <NewVersionModal
        open={newVersion !== null}
        onRefresh={() => window.location.reload()}
        title={t`New version available`}
        description={t`A new version of the application is available. Please refresh the page to continue.`}
        refreshText={t`Refresh`}
      />
      {legacyUrl ? (
        <LegacyDomainModal
          open
          newDomain={domain}
          onRedirect={() => window.location.assign(legacyUrl)}
          title={t`We have moved`}
          description={t`This site has moved to ${domain}. Please update your bookmarks.`}
          redirectText={t`Redirect`}
        />
      ) : null}
      <PermissionDenied />
    </>
  );
}
