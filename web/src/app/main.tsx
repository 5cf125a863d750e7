import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '@/lib/query-client';
import { initSentry, reportChunkLoad } from '@/lib/sentry';
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

// Router tracing is its own chunk (D75), requested now, side by side with the DSN below.
const tracing = import('@/lib/sentry-tracing');
tracing.catch(() => undefined); // A failure is reported below when reporting is on.

function render(container: HTMLElement) {
  const routes = appRoutes();
  const router = createRouter(routes);
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { router, routes };
}

// Error capture starts before the first render (its DSN comes from the server at run time);
// the page renders even when the configuration cannot be read. Tracing joins as soon as its
// chunk is there; the page-load transaction still starts at the navigation's time origin.
void initSentry().then(
  (reporting) => {
    const app = render(root);
    if (!reporting) return;
    tracing.then(
      (module) => module.startTracing(app.router, app.routes),
      (cause: unknown) =>
        reportChunkLoad(new ChunkLoadError('import-failed', 'The tracing chunk failed to load', { cause })),
    );
  },
  () => render(root),
);
