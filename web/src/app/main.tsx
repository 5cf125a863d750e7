import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '@/lib/query-client';
import { initSentry, reportChunkLoad } from '@/lib/sentry';
import '@/styles/tokens.css';
import '@/styles/base.css';
import '@/styles/components.css';
import { installPreloadErrorListener, onChunkLoadError } from './chunk-load';
import { AppProviders } from './providers';
import { createRouter } from './router';

installPreloadErrorListener();
onChunkLoadError(reportChunkLoad);

const root = document.getElementById('root');
if (!root) throw new Error('Uplink: missing <div id="root"> in index.html');

function render(container: HTMLElement) {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={createRouter()} />
      </AppProviders>
    </StrictMode>,
  );
}

// Error reporting starts before the first render (its DSN comes from the server at run time);
// the page renders even when the configuration cannot be read.
void initSentry().finally(() => render(root));
