import { Component, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { reportBoundaryError } from '@/lib/error-reporting';
import { preloadableLazy, type ComponentModule, type PreloadableLazy } from '@/lib/preloadable-lazy';
import { ChunkLoadError, GROUP_LOAD_TIMEOUT_MS, loadWithTimeout } from './chunk-load';
import { ChunkLoadErrorScreen } from './chunk-load-error-screen';
import { GroupPlaceholder } from './group-placeholder';

/** A screen group's module: its component, and what its first page needs (see `preloadGroupFor`). */
type GroupModule<P> = ComponentModule & {
  default: ComponentType<P>;
  /** Loads the code of the group's page at `pathname`. */
  preloadPage?: (pathname: string) => Promise<void>;
};

/** A lazily loaded screen group (or page) that can be loaded ahead of its first render. */
export type LazyGroup<P extends object> = PreloadableLazy<GroupModule<P>>;

/**
 * A lazily loaded screen group (or page) whose load fails with a ChunkLoadError after the timeout.
 * Loaded ahead (`preload`), its first render shows it at once (lib/preloadable-lazy.ts).
 */
export function lazyGroup<P extends object>(
  importer: () => Promise<GroupModule<P>>,
  timeoutMs = GROUP_LOAD_TIMEOUT_MS,
): LazyGroup<P> {
  return preloadableLazy(() => loadWithTimeout(importer, timeoutMs));
}

interface BoundaryProps {
  /** The screen group the error is reported under (`screen_group`). */
  group: string;
  children: ReactNode;
  /** Reports an error a page threw (default: to Sentry). */
  report?: (error: unknown, componentStack: string | undefined, group: string) => void;
  /** Shown instead of the children once they threw (default: "something went wrong" with a retry). */
  fallback?: ReactNode;
}

interface BoundaryState {
  error: unknown;
}

/**
 * A screen group's error boundary: the chunk-load error screen when the group's
 * code could not load (reported by the loader), otherwise a friendly
 * "something went wrong" with a retry (or `fallback`) — and the error is reported.
 * `main.tsx` also puts one around the whole app, with the app error screen as
 * its fallback, for what throws outside every group (D109).
 */
export class GroupErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (error instanceof ChunkLoadError) return;
    const report = this.props.report ?? reportBoundaryError;
    try {
      report(error, info.componentStack ?? undefined, this.props.group);
    } catch {
      // A broken reporter must not hide the error screen.
    }
  }

  private retry = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof ChunkLoadError) return <ChunkLoadErrorScreen />;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <main id="main" className="status-screen">
        <div className="status-screen__card" role="alert">
          <h1 className="status-screen__title">Something went wrong</h1>
          <p className="status-screen__text">
            This page ran into a problem and we have been told about it. Try again, or go back to the home page — your
            cart and account are kept.
          </p>
          <div className="status-screen__actions">
            <Button onClick={this.retry}>Try again</Button>
            <a className="ui-button ui-button--secondary ui-button--md" href="/">
              Go to the home page
            </a>
          </div>
        </div>
      </main>
    );
  }
}

/** Placeholder while a group loads, chunk-load error screen when it can't, a reported retry screen when it throws. */
export function GroupBoundary({
  children,
  group = 'unknown',
  report,
}: {
  children: ReactNode;
  group?: string;
  report?: BoundaryProps['report'];
}) {
  return (
    <GroupErrorBoundary group={group} report={report}>
      <Suspense fallback={<GroupPlaceholder />}>{children}</Suspense>
    </GroupErrorBoundary>
  );
}
