import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import type { Me, SessionInfo } from '@/lib/auth/session';

export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Handler = (call: RecordedCall) => unknown;

/**
 * Stubs `fetch` with handlers keyed by `"METHOD /path"`. A handler returns the JSON body or a
 * Response (see `problem()`); unknown routes answer 404. Every call is recorded with its body.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'));
    const url = new URL(request.url);
    const text = await request.text();
    const call = { method: request.method, url, headers: request.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
    calls.push(call);
    const handler = handlers[`${request.method} ${url.pathname}`];
    if (!handler) return json({ code: 'not_found', title: 'Not found', status: 404 }, 404);
    const result = handler(call);
    if (result instanceof Response) return result;
    if (result === undefined) return new Response(null, { status: 204 });
    return json(result, 200);
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
  return json({ type: `urn:uplink:problem:${code}`, title: code, status, detail: code, code, ...extra }, status);
}

export function me(overrides: Partial<Me> = {}): Me {
  return {
    id: 'usr_1',
    email: 'ann@example.com',
    name: 'Ann Example',
    company: null,
    phone: null,
    country: 'DE',
    newsletter: false,
    roles: ['customer'],
    credit_terms: null,
    home_store: 'global',
    region: 'Global',
    has_password: true,
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function session(user: Me | null, overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    auth_mode: 'token',
    sso_enabled: false,
    incontrol_enabled: false,
    user,
    csrf_token: user ? 'csrf-1' : null,
    ...overrides,
  };
}

export const COUNTRIES = {
  countries: [
    { code: 'DE', name: 'Germany' },
    { code: 'US', name: 'United States' },
  ],
  us_states: [
    { code: 'CA', name: 'California' },
    { code: 'NY', name: 'New York' },
  ],
};

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export function currentUrl(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}

/** Renders `routes` in a memory router at `url`, each with a location probe. */
export function renderRoutes(routes: { path: string; element: ReactNode }[], url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
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
