import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { LanguageSwitcher } from './LanguageSwitcher';
import { PRODUCT_NAME } from './product';

/** Public pages: product mark, language switcher and a centred card. */
export function PlainLayout({ variant, children }: { variant: 'plain' | 'custom'; children: ReactNode }) {
  return (
    <div data-layout={variant} className="flex min-h-screen flex-col bg-muted">
      <header className="flex items-center justify-between gap-4 bg-header px-6 py-3 text-header-foreground">
        <span className="text-lg font-semibold tracking-tight">{PRODUCT_NAME}</span>
        <div>
          <LanguageSwitcher />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-10">
        <div className="w-full max-w-md rounded-lg border bg-card p-6 text-card-foreground shadow-sm">{children}</div>
      </main>
      <footer className="py-4 text-center text-xs text-muted-foreground">
        <Trans>Recall and supply advisory portal</Trans>
      </footer>
    </div>
  );
}
