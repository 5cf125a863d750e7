import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reportChunkLoad, startErrorReporting } from '@/lib/error-reporting';
import { createQueryClient } from '@/lib/query-client';
import '@/styles/tokens.css';
import '@/styles/base.css';
import '@/styles/components.css';
import { AppErrorScreen } from './app-error-screen';
import { ChunkLoadError, installPreloadErrorListener, onChunkLoadError } from './chunk-load';
import { GroupErrorBoundary } from './group-boundary';
import { AppProviders } from './providers';
import { AppRouter } from './router';
import { preloadGroupFor } from './screen-group-switch';

installPreloadErrorListener();
onChunkLoadError(reportChunkLoad);

const root = document.getElementById('root');
if (!root) throw new Error('Uplink: missing <div id="root"> in index.html');

// The first render waits for the page's screen group (its code is preloaded with the entry's on the
// main group's pages, so this is a moment): rendered before, the group would suspend and React would
// hold its content back 300 ms after showing the placeholder (group-boundary.tsx).
void preloadGroupFor(window.location.pathname).then(() =>
  createRoot(root).render(
    <StrictMode>
      {/* What throws outside every screen group's own boundary: the app error screen, and reported (D109). */}
      <GroupErrorBoundary group="APP" fallback={<AppErrorScreen />}>
        <AppProviders queryClient={createQueryClient()}>
          <AppRouter />
        </AppProviders>
      </GroupErrorBoundary>
    </StrictMode>,
  ),
);

/** How long after the page's `load` error reporting starts when nothing needs reporting (D91). */
const SETTLE_MS = 3000;

/** Runs `start` once the page has loaded and settled: `SETTLE_MS` after `load`, when the main thread is idle. */
function whenSettled(start: () => void) {
  const idle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 1000 });
    else start();
  };
  const settle = () => setTimeout(idle, SETTLE_MS);
  if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
}

// Error capture (the Sentry SDK and its DSN) and router tracing are chunks of their own (D75, D91),
// requested once the page has loaded and settled — at once if an error happens first — so they never
// compete with the page's code, data, pictures and first interactions. Errors thrown before the SDK
// runs are kept and reported once it does.
const reporting = startErrorReporting(whenSettled);
void reporting.then((on) => {
  if (!on) return;
  import('@/lib/sentry-tracing').then(
    (module) => module.startTracing(),
    (cause: unknown) =>
      reportChunkLoad(new ChunkLoadError('import-failed', 'The tracing chunk failed to load', { cause })),
  );
});
