import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';

type Handler = (url: URL) => unknown;

/**
 * Stubs `fetch` with handlers keyed by API path. A handler returns the JSON body, or
 * `{ status, body }` via `problem()`; unknown paths answer 404.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: URL[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    calls.push(url);
    const handler = handlers[url.pathname];
    if (!handler) return Promise.resolve(json({ code: 'not_found', title: 'Not found', status: 404 }, 404));
    const result = handler(url);
    if (result instanceof Response) return Promise.resolve(result);
    return Promise.resolve(json(result, 200));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}

export function problem(status: number, code: string, extra: Record<string, unknown> = {}): Response {
  return json({ type: 'about:blank', title: code, status, detail: code, code, ...extra }, status);
}

/** Shows the current location so tests can assert on the URL. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export function currentUrl(container: HTMLElement = document.body): string {
  return container.querySelector('[data-testid="location"]')?.textContent ?? '';
}

export function renderRoute(
  element: ReactNode,
  { path = '/', url = '/', extraRoutes = [] }: { path?: string; url?: string; extraRoutes?: { path: string; element: ReactNode }[] } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {element}
            <LocationProbe />
          </>
        ),
      },
      ...extraRoutes.map((route) => ({
        path: route.path,
        element: (
          <>
            {route.element}
            <LocationProbe />
          </>
        ),
      })),
    ],
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
