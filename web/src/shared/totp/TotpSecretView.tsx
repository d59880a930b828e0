import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * The secret of an authenticator being enrolled: a QR code of its otpauth:// address for the app to scan, and the
 * secret in groups of four for typing in (sign-in's enrolment step and the account page).
 */
export function TotpSecretView({ secret, uri }: { secret: string; uri: string }) {
  const { t } = useLingui();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(uri, { margin: 1, width: 192 })
      .then((url) => {
        if (live) setImage(url);
      })
      .catch(() => setImage(null));
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
      {image ? (
        <img
          src={image}
          alt={t`QR code for your authenticator app`}
          width={192}
          height={192}
          className="rounded-md border"
        />
      ) : null}
      <div className="min-w-0 space-y-1 text-sm">
        <p className="text-muted-foreground">
          <Trans>Scan the QR code with your authenticator app, or enter this key:</Trans>
        </p>
        <code data-testid="totp-secret" className="block font-mono text-base break-all select-all">
          {secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
      </div>
    </div>
  );
}

/** Recovery codes, shown once: each signs in once when the app is not at hand. */
export function RecoveryCodesView({ codes }: { codes: readonly string[] }) {
  return (
    <div className="space-y-2" data-testid="recovery-codes">
      <p className="text-sm text-muted-foreground">
        <Trans>
          Keep these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator app. They
          are shown only now.
        </Trans>
      </p>
      <ul className="grid grid-cols-2 gap-1 rounded-md border p-3 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}
