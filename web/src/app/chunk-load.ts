/** A screen group that has not loaded after this long shows the chunk-load error (SPEC §11). */
export const GROUP_LOAD_TIMEOUT_MS = 120_000;

export type ChunkLoadReason = 'timeout' | 'import-failed' | 'preload-failed';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly reason: ChunkLoadReason;

  constructor(reason: ChunkLoadReason, message: string, options?: ErrorOptions) {
    super(message, options);
    this.reason = reason;
  }
}

type ChunkLoadErrorListener = (error: ChunkLoadError) => void;
const listeners = new Set<ChunkLoadErrorListener>();

/** Subscribe to chunk-load failures (error reporting hooks in here). Returns an unsubscribe function. */
export function onChunkLoadError(listener: ChunkLoadErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportChunkLoadError(error: ChunkLoadError): void {
  for (const listener of listeners) {
    try {
      listener(error);
    } catch {
      // A broken reporter must not hide the error screen.
    }
  }
}

/**
 * Runs a dynamic import, rejecting with a (reported) ChunkLoadError if it fails
 * or has not settled after `timeoutMs`.
 */
export function loadWithTimeout<T>(importer: () => Promise<T>, timeoutMs = GROUP_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const fail = (error: ChunkLoadError) => {
      reportChunkLoadError(error);
      reject(error);
    };
    const timer = setTimeout(() => {
      fail(new ChunkLoadError('timeout', `Screen group did not load within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        fail(new ChunkLoadError('import-failed', 'Screen group chunk failed to load', { cause }));
      },
    );
  });
}

// Vite fires `vite:preloadError` when a chunk's dependencies (JS or CSS) fail to preload,
// typically after a deploy removed the old hashed files. We take over: show the error screen.
let preloadError: ChunkLoadError | null = null;
const preloadSubscribers = new Set<() => void>();

export function handlePreloadError(event: Event): void {
  event.preventDefault();
  const cause = (event as Event & { payload?: unknown }).payload;
  preloadError = new ChunkLoadError('preload-failed', 'A screen group dependency failed to preload', { cause });
  reportChunkLoadError(preloadError);
  for (const notify of preloadSubscribers) notify();
}

export function subscribePreloadError(notify: () => void): () => void {
  preloadSubscribers.add(notify);
  return () => preloadSubscribers.delete(notify);
}

export function getPreloadError(): ChunkLoadError | null {
  return preloadError;
}

export function installPreloadErrorListener(target: Window = window): () => void {
  target.addEventListener('vite:preloadError', handlePreloadError);
  return () => target.removeEventListener('vite:preloadError', handlePreloadError);
}
