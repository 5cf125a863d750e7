import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { ChunkLoadError, GROUP_LOAD_TIMEOUT_MS, loadWithTimeout } from './chunk-load';
import { ChunkLoadErrorScreen } from './chunk-load-error-screen';
import { GroupPlaceholder } from './group-placeholder';

/** A lazily loaded screen group whose load fails with a ChunkLoadError after the timeout. */
export function lazyGroup<P extends object>(
  importer: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs = GROUP_LOAD_TIMEOUT_MS,
) {
  return lazy(() => loadWithTimeout(importer, timeoutMs));
}

interface BoundaryState {
  error: unknown;
}

/** Shows the chunk-load error screen for chunk failures; other errors go on to the route's error element. */
class ChunkErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof ChunkLoadError) return <ChunkLoadErrorScreen />;
    // Not ours: let the route's error element handle it.
    throw error instanceof Error ? error : new Error('A non-error value was thrown', { cause: error });
  }
}

/** Placeholder while a group loads, chunk-load error screen when it can't. */
export function GroupBoundary({ children }: { children: ReactNode }) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<GroupPlaceholder />}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}
