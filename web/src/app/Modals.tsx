import { useAtom } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import { ErrorModal, OkDialog } from '@portal/design-system';
import { errorMessageAtom, newVersionAtom } from '../state/app';
import { PermissionDenied } from './AccessDeniedNotice';

/** Error (ok:false answers), new version, legacy domain and permission-denied modals. */
export default function Modals({ legacyUrl }: { legacyUrl: string | null }) {
  const { t } = useLingui();
  const [errorMessage, setErrorMessage] = useAtom(errorMessageAtom);
  const [newVersion, setNewVersion] = useAtom(newVersionAtom);
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
      <OkDialog
        open={newVersion !== null}
        onOpenChange={(open) => {
          if (!open) setNewVersion(null);
        }}
        title={t`New version available`}
        description={t`A new version of the portal is available. Refresh the page to use it.`}
        okText={t`Refresh`}
        onOk={() => window.location.reload()}
      />
      {legacyUrl ? (
        <OkDialog
          open
          title={t`We have moved`}
          description={t`The portal has moved to a new alerts domain. Please use the new address from now on.`}
          okText={t`Redirect`}
          onOk={() => window.location.assign(legacyUrl)}
        />
      ) : null}
      <PermissionDenied />
    </>
  );
}
