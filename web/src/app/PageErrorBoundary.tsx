import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from '@portal/design-system';

interface State {
  error: Error | null;
}

/** Catches a page that failed to load (e.g. a chunk removed by a new deployment) or to render. */
export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section role="alert" data-testid="page-error" className="space-y-3">
        <h1 className="text-xl font-semibold">
          <Trans>This page could not be loaded.</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>The application may have been updated. Reload the page to continue.</Trans>
        </p>
        <Button onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </Button>
      </section>
    );
  }
}
