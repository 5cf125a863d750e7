import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '@/lib/query-client';
import '@/styles/tokens.css';
import '@/styles/base.css';
import '@/styles/components.css';
import { installPreloadErrorListener } from './chunk-load';
import { AppProviders } from './providers';
import { createRouter } from './router';

installPreloadErrorListener();

const root = document.getElementById('root');
if (!root) throw new Error('Uplink: missing <div id="root"> in index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={createRouter()} />
    </AppProviders>
  </StrictMode>,
);
