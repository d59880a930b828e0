import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Spinner } from '@portal/design-system';
import { useUserGuides } from '../../api/content';
import { useFilePreview } from '../../shared/forms/Preview';

/** /user-guide: the user guides of the caller's user type; files open in the File Preview modal, links in a new tab. */
export default function UserGuidePage() {
  const { t } = useLingui();
  const { data, error } = useUserGuides();
  const [preview, open] = useFilePreview();
  return (
    <section className="max-w-3xl space-y-4" data-testid="user-guides">
      <h1 className="text-2xl font-semibold">
        <Trans>User Guide</Trans>
      </h1>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : !data ? (
        <Spinner label={t`Loading...`} />
      ) : data.length ? (
        <ul className="divide-y rounded-md border">
          {data.map((guide) => (
            <li key={guide.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <div>
                <p className="font-medium">{guide.title}</p>
                {guide.body ? <p className="text-sm text-muted-foreground">{guide.body}</p> : null}
              </div>
              {guide.file ? (
                <Button
                  variant="outline"
                  onClick={() =>
                    open({
                      id: guide.id,
                      name: guide.file!.name,
                      extension: guide.file!.extension,
                      size: guide.file!.size,
                      type: guide.file!.mimetype,
                      signed_url: guide.file!.signed_url,
                      signed_url_review: guide.file!.signed_url_review,
                    })
                  }
                >
                  <Trans>View</Trans>
                </Button>
              ) : guide.link_url ? (
                <Button asChild variant="outline">
                  <a href={guide.link_url} target="_blank" rel="noopener noreferrer">
                    <Trans>Open</Trans>
                  </a>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No record found</Trans>
        </p>
      )}
      {preview}
    </section>
  );
}
