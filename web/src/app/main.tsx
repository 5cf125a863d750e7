import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { reportChunkLoad, startErrorReporting } from '@/lib/error-reporting';
import { createQueryClient } from '@/lib/query-client';
import '@/styles/tokens.css';
import '@/styles/base.css';
import '@/styles/components.css';
import { ChunkLoadError, installPreloadErrorListener, onChunkLoadError } from './chunk-load';
import { AppProviders } from './providers';
import { appRoutes, createRouter } from './router';

installPreloadErrorListener();
onChunkLoadError(reportChunkLoad);

const root = document.getElementById('root');
if (!root) throw new Error('Uplink: missing <div id="root"> in index.html');

// Error capture (the Sentry SDK and its DSN) and router tracing are chunks of their own (D75, D91),
// requested now and joined as they arrive; the first render waits for neither. Errors thrown
// meanwhile are kept and reported once the SDK runs.
const reporting = startErrorReporting();
const tracing = import('@/lib/sentry-tracing');
tracing.catch(() => undefined); // A failure is reported below when reporting is on.

const routes = appRoutes();
const router = createRouter(routes);
createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

void reporting.then((on) => {
  if (!on) return;
  tracing.then(
    (module) => module.startTracing(router, routes),
    (cause: unknown) =>
      reportChunkLoad(new ChunkLoadError('import-failed', 'The tracing chunk failed to load', { cause })),
  );
});
