import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ToastProvider } from '@/components/ui/toast';

/** A query client for one test: no retries, nothing collected while the test runs. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Shows the current location so tests can assert on the URL (see `currentUrl()`). */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Path and query of the rendered router's location. */
export function currentUrl(container: HTMLElement = document.body): string {
  return container.querySelector('[data-testid="location"]')?.textContent ?? '';
}

export interface TestRoute {
  path: string;
  element: ReactNode;
}

/**
 * Renders `routes` in a memory router at `url`, each with a location probe, inside the app's
 * providers (a fresh query client, toasts). Returns the router and the query client too.
 */
export function renderRoutes(routes: TestRoute[], url: string, { queryClient = createTestQueryClient() } = {}) {
  const router = createMemoryRouter(
    routes.map((route) => ({
      path: route.path,
      element: (
        <>
          {route.element}
          <LocationProbe />
        </>
      ),
    })),
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders one element on every path, at `url`. */
export function renderPage(element: ReactNode, url = '/') {
  return renderRoutes([{ path: '*', element }], url);
}
