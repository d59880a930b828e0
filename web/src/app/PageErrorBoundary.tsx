import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from '@portal/design-system';
import { ChunkLoadError } from './chunks';

interface Props {
  children: ReactNode;
  resetKey: string;
  /** Before a retry: forget the failed chunk, so that rendering again loads it again. */
  onRetry?: () => void;
}

interface State {
  error: Error | null;
}

/**
 * Catches a page that failed to load (a chunk removed by a new deployment, or one that did not arrive within the
 * spec's 120 s) or to render, and says which; Retry loads it again in place, Reload reloads the application.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(prev: Props) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page failed', error, info.componentStack);
  }

  private retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const timedOut = error instanceof ChunkLoadError && error.timedOut;
    return (
      <section role="alert" data-testid="page-error" className="space-y-3">
        <h1 className="text-xl font-semibold">
          {timedOut ? <Trans>This page took too long to load.</Trans> : <Trans>This page could not be loaded.</Trans>}
        </h1>
        <p className="text-sm text-muted-foreground">
          {timedOut ? (
            <Trans>Check your connection, then try again.</Trans>
          ) : (
            <Trans>The application may have been updated. Reload the page to continue.</Trans>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={this.retry}>
            <Trans>Try again</Trans>
          </Button>
          <Button variant="outline" onClick={() => window.location.reload()}>
            <Trans>Reload</Trans>
          </Button>
        </div>
      </section>
    );
  }
}
