import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import type { Cart, CartLine } from '@/lib/cart/cart-api';

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

type Handler = (call: Call) => unknown;

/** Stubs `fetch` with handlers keyed by `METHOD /path`; unknown requests answer 404. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url, 'http://localhost');
      const text = input.method === 'GET' ? '' : await input.text();
      const call: Call = { method: input.method, url, body: text ? (JSON.parse(text) as unknown) : undefined };
      calls.push(call);
      const handler = handlers[`${input.method} ${url.pathname}`];
      if (!handler) return json({ code: 'not_found', status: 404, title: 'Not found' }, 404);
      const result = await handler(call);
      return result instanceof Response ? result : json(result);
    }),
  );
  return calls;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}

export function problem(status: number, code: string, extra: Record<string, unknown> = {}): Response {
  return json({ type: `urn:uplink:problem:${code}`, title: code, status, detail: `${code} detail`, code, ...extra }, status);
}

export function renderPage(element: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/cart'] });
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>,
    ),
  };
}

const usd = (cents: number) => ({ cents, currency: 'USD' });

export function line(overrides: Partial<CartLine> = {}): CartLine {
  return {
    id: 'cln_router',
    product: {
      id: 'prd_1',
      sku: 'MAX-BR1-PRO-5G-PRM',
      slug: 'max-br1-pro-5g-prm',
      variant: null,
      name: 'Pepwave MAX BR1 Pro 5G Prime',
      type: 'hardware',
      image: null,
    },
    qty: 2,
    options: [{ code: 'setup', label: 'Configuration service', value: 'preconfig', value_label: 'Pre-configured' }],
    serials: [],
    iccid: null,
    unit_price: usd(10_000),
    price_changed: false,
    previous_unit_price: null,
    subtotal: usd(20_000),
    discount: usd(0),
    tax: usd(0),
    total: usd(20_000),
    quantity_rules: { min: 1, max: 10, step: 1 },
    serial_bound: false,
    physical: true,
    available: 25,
    problem: null,
    ...overrides,
  };
}

export function cart(lines: CartLine[], overrides: Partial<Cart> = {}): Cart {
  const subtotal = lines.reduce((sum, item) => sum + item.subtotal.cents, 0);
  return {
    id: 'crt_1',
    store: 'global',
    currency: 'USD',
    lines,
    item_count: lines.reduce((sum, item) => sum + item.qty, 0),
    coupon: null,
    tax: { charged: false, state: null, rate_bp: 0 },
    totals: { subtotal: usd(subtotal), discount: usd(0), tax: usd(0), total: usd(subtotal) },
    price_changed: false,
    has_problems: false,
    digital_only: false,
    partner_referral: null,
    ...overrides,
  };
}

export { usd };
