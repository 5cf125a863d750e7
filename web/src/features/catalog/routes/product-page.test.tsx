import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProductDetail, Variant } from '../api/types';
import { detail } from '../test/fixtures';
import { json, mockApi, problem } from '@/testing/api-mock';
import { me, session, usd } from '@/testing/fixtures';
import { currentUrl, renderRoutes } from '@/testing/render';
import { ProductPage } from './product-page';

function show(product: ProductDetail, url = `/products/${product.slug}`) {
  mockApi({ [`GET /api/v1/products/${product.slug}`]: () => product });
  return renderRoutes([{ path: '/products/:slug', element: <ProductPage /> }], url);
}

function variant(
  sku: string,
  module: string,
  region: string,
  cents: number,
  stock: Variant['stock_status'] = 'in_stock',
): Variant {
  return {
    id: sku,
    sku,
    name: sku,
    attributes: { module, region },
    price: usd(cents),
    compare_at_price: null,
    stock_status: stock,
    available: stock === 'out_of_stock' ? 0 : 5,
    sold_in_store: true,
  };
}

const CONFIGURABLE = detail({
  sku: 'UL-EDGE',
  slug: 'edge-router',
  name: 'Edge router',
  type: 'configurable',
  price_from: true,
  variant_attributes: [
    { code: 'module', label: 'Cellular module', values: [{ value: 'lte', label: 'LTE-A' }, { value: '5g', label: '5G' }] },
    { code: 'region', label: 'Region', values: [{ value: 'us', label: 'US' }, { value: 'eu', label: 'EU' }] },
  ],
  variants: [
    variant('UL-EDGE-LTE-US', 'lte', 'us', 59_900),
    variant('UL-EDGE-LTE-EU', 'lte', 'eu', 61_900, 'out_of_stock'),
    variant('UL-EDGE-5G-US', '5g', 'us', 99_900),
  ],
});

describe('product page: variants', { timeout: 20_000 }, () => {
  it('shows the variant chosen in the URL and writes new choices back', async () => {
    const user = userEvent.setup();
    show(CONFIGURABLE, '/products/edge-router?module=5g&tab=download');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edge router' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5G' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'US' })).toBeChecked();
    expect(screen.getByText('UL-EDGE-5G-US')).toBeInTheDocument();
    expect(screen.getAllByText('$999.00').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('radio', { name: /LTE-A/ }));
    expect(currentUrl()).toBe('/products/edge-router?module=lte&tab=download&region=us');
    expect(screen.getByText('UL-EDGE-LTE-US')).toBeInTheDocument();

    // EU exists only out of stock for LTE: chosen, but marked and explained.
    const eu = screen.getByRole('radio', { name: /EU/ });
    expect(eu).toHaveAccessibleDescription('Out of stock');
    await user.click(eu);
    expect(currentUrl()).toBe('/products/edge-router?module=lte&tab=download&region=eu');
    expect(screen.getByText(/This version is out of stock in this store/)).toBeInTheDocument();

    // 5G only exists in the US: choosing it moves the region along.
    expect(screen.getByRole('radio', { name: /5G/ })).toHaveAccessibleDescription('Changes other choices');
    await user.click(screen.getByRole('radio', { name: /5G/ }));
    expect(currentUrl()).toBe('/products/edge-router?module=5g&tab=download&region=us');
  });

  it('starts on the first variant in stock when the URL has no choice', async () => {
    show(CONFIGURABLE);
    expect(await screen.findByText('UL-EDGE-LTE-US')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /LTE-A/ })).toBeChecked();
  });
});

describe('product page: tabs', { timeout: 20_000 }, () => {
  it('shows only tabs with content, in the fixed order, and opens the one in the URL', async () => {
    const user = userEvent.setup();
    show(detail({ package_contents: [] }), '/products/br1-mini?tab=download');
    const tablist = await screen.findByRole('tablist', { name: 'Product details' });
    expect(within(tablist).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Specification', 'Download 1']);
    expect(screen.getByRole('tab', { name: /Download/ })).toHaveAttribute('aria-selected', 'true');
    const link = screen.getByRole('link', { name: 'Download BR1 Mini datasheet' });
    expect(link).toHaveAttribute('href', '/api/v1/media/br1-mini.pdf');
    expect(link).toHaveAttribute('download');

    await user.click(screen.getByRole('tab', { name: 'Specification' }));
    expect(currentUrl()).toBe('/products/br1-mini?tab=specification');
    expect(screen.getByRole('rowheader', { name: 'Throughput' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(currentUrl()).toBe('/products/br1-mini?tab=download');
  });

  it('falls back to the first tab for an unknown or empty tab and hides the tab list when nothing has content', async () => {
    const first = show(detail(), '/products/br1-mini?tab=custom-options');
    expect(await screen.findByRole('tab', { name: 'Specification' })).toHaveAttribute('aria-selected', 'true');
    first.unmount();
    show(detail({ specification: [], package_contents: [], downloads: [] }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('offers a bookmark toggle, and guests a sign-in link to request a quotation', async () => {
    show(detail());
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('button', { name: 'Bookmark' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign in to request a quotation' })).toHaveAttribute(
      'href',
      `/login?return_to=${encodeURIComponent('/products/br1-mini')}`,
    );
  });

  it('requests a quotation for the buy box’s product, quantity and options, and opens it', async () => {
    const user = userEvent.setup();
    const product = detail({
      min_qty: 1,
      custom_options: [
        { code: 'setup', label: 'Configuration', kind: 'select', required: false, values: [{ code: 'preconfig', label: 'Pre-configured', price_delta: null }], pattern: null },
      ],
    });
    const { calls } = mockApi({
      'GET /api/v1/auth/session': () => session(me()),
      [`GET /api/v1/products/${product.slug}`]: () => product,
      'POST /api/v1/quotations': () => json({ number: 'Q-000047' }, 201),
    });
    renderRoutes(
      [
        { path: '/products/:slug', element: <ProductPage /> },
        { path: '/account/quotation/:number', element: <h1>Quotation</h1> },
      ],
      `/products/${product.slug}`,
    );
    const quantity = await screen.findByRole('spinbutton', { name: /Quantity/ });
    await user.clear(quantity);
    await user.type(quantity, '8');
    await user.selectOptions(screen.getByLabelText('Configuration'), 'preconfig');
    await user.click(await screen.findByRole('button', { name: 'Request a quotation' }));
    await waitFor(() => expect(currentUrl()).toBe('/account/quotation/Q-000047'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      lines: [{ sku: product.sku, qty: 8, options: { setup: 'preconfig' } }],
    });
    expect(calls.some((c) => c.url.pathname === '/api/v1/cart/lines')).toBe(false);
  });

  it('adds the product to the cart with its quantity and options, and says so', async () => {
    const product = detail();
    const { calls } = mockApi({
      [`GET /api/v1/products/${product.slug}`]: () => product,
      'POST /api/v1/cart/lines': () => ({ item_count: 1, lines: [] }),
      'GET /api/v1/cart': () => ({ item_count: 0, lines: [] }),
    });
    renderRoutes([{ path: '/products/:slug', element: <ProductPage /> }], `/products/${product.slug}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText(/Added\./)).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url.pathname).toBe('/api/v1/cart/lines');
    expect(post?.body).toMatchObject({ sku: product.sku, qty: product.min_qty });
  });

  it('shows the server’s reason when the cart refuses the product', async () => {
    const product = detail();
    mockApi({
      [`GET /api/v1/products/${product.slug}`]: () => product,
      'POST /api/v1/cart/lines': () => problem(409, 'insufficient_stock'),
    });
    renderRoutes([{ path: '/products/:slug', element: <ProductPage /> }], `/products/${product.slug}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('insufficient_stock');
  });
});

describe('product page: errors', { timeout: 20_000 }, () => {
  it('explains a missing product and offers ways on', async () => {
    mockApi({ 'GET /api/v1/products/gone': () => problem(404, 'not_found') });
    renderRoutes([{ path: '/products/:slug', element: <ProductPage /> }], '/products/gone');
    expect(await screen.findByRole('heading', { name: 'We can’t find that product' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/products');
  });
});

describe('product page: overview', { timeout: 20_000 }, () => {
  it('shows the description as the server rendered it, tables included', async () => {
    show(
      detail({
        description_html:
          '<h3>Ports</h3><table><thead><tr><th>Port</th></tr></thead><tbody><tr><td>WAN</td></tr></tbody></table>',
      }),
    );
    const overview = await screen.findByRole('region', { name: 'Overview' });
    expect(within(overview).getByRole('heading', { level: 3, name: 'Ports' })).toBeInTheDocument();
    expect(within(overview).getByRole('cell', { name: 'WAN' })).toBeInTheDocument();
  });

  it('leaves the overview out when there is no description', async () => {
    show(detail({ description: '', description_html: '' }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Overview' })).not.toBeInTheDocument();
  });
});
