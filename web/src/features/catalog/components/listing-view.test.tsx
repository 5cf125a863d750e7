import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductsPage } from '../routes/products-page';
import { card, page } from '../test/fixtures';
import { mockApi } from '@/testing/api-mock';
import { currentUrl, renderRoutes } from '@/testing/render';

const ITEMS = [
  card({ sku: 'PW-MAX-1', slug: 'max-1', name: 'MAX One', brand: 'Pepwave' }),
  card({ sku: 'PW-MAX-2', slug: 'max-2', name: 'MAX Two', brand: 'Pepwave', stock_status: 'low_stock' }),
];

function setup(url: string, items = ITEMS, total = 60) {
  const api = mockApi({
    'GET /api/v1/products': ({ url }) =>
      page(items, {
        total,
        page: Number(url.searchParams.get('page')),
        page_size: Number(url.searchParams.get('page_size')),
      }),
  });
  const view = renderRoutes([{ path: '/products', element: <ProductsPage /> }], url);
  return { ...api, ...view };
}

describe('product listing ↔ URL', { timeout: 20_000 }, () => {
  it('requests and shows what the URL says', async () => {
    const { calls } = setup('/products?brand=Pepwave&in_stock=true&sort=price_desc&page=2');
    expect(await screen.findByRole('link', { name: 'MAX One' })).toHaveAttribute('href', '/products/max-1');
    const request = calls.filter((call) => call.url.pathname === '/api/v1/products').at(-1)!.url;
    expect(request.searchParams.getAll('brand')).toEqual(['Pepwave']);
    expect(request.searchParams.get('in_stock')).toBe('true');
    expect(request.searchParams.get('sort')).toBe('price_desc');
    expect(request.searchParams.get('page')).toBe('2');
    expect(request.searchParams.get('page_size')).toBe('24');

    const sidebar = screen.getByRole('complementary', { name: 'Filters' });
    expect(within(sidebar).getByRole('checkbox', { name: /Pepwave/ })).toBeChecked();
    expect(within(sidebar).getByRole('checkbox', { name: /In stock only/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_desc');
    expect(screen.getByRole('button', { name: 'Remove filter Brand: Pepwave' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 25–26 of 60 products');
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('writes filter, sort and page-size changes to the URL and goes back to page 1', async () => {
    const user = userEvent.setup();
    setup('/products?brand=Pepwave&page=2');
    const sidebar = await screen.findByRole('complementary', { name: 'Filters' });
    await user.click(await within(sidebar).findByRole('checkbox', { name: /Uplink/ }));
    expect(currentUrl()).toBe('/products?brand=Pepwave&brand=Uplink');

    await user.click(within(sidebar).getByRole('radio', { name: /\$100 – \$500/ }));
    expect(currentUrl()).toBe('/products?brand=Pepwave&brand=Uplink&min_price=10000&max_price=49999');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_asc');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '48');
    expect(currentUrl()).toBe(
      '/products?brand=Pepwave&brand=Uplink&min_price=10000&max_price=49999&sort=price_asc&page_size=48',
    );

    await user.click(screen.getByRole('button', { name: 'Remove filter Brand: Pepwave' }));
    expect(currentUrl()).toBe('/products?brand=Uplink&min_price=10000&max_price=49999&sort=price_asc&page_size=48');

    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(currentUrl()).toBe('/products?sort=price_asc&page_size=48');
  });

  it('applies a custom price range in dollars and explains a bad one', async () => {
    const user = userEvent.setup();
    setup('/products');
    const sidebar = await screen.findByRole('complementary', { name: 'Filters' });
    await user.type(await within(sidebar).findByLabelText('Lowest price in dollars'), '500');
    await user.type(within(sidebar).getByLabelText('Highest price in dollars'), '100');
    await user.click(within(sidebar).getByRole('button', { name: 'Apply price range' }));
    expect(within(sidebar).getByRole('alert')).toHaveTextContent('must be lower');
    expect(currentUrl()).toBe('/products');

    await user.clear(within(sidebar).getByLabelText('Highest price in dollars'));
    await user.type(within(sidebar).getByLabelText('Highest price in dollars'), '999.50');
    await user.click(within(sidebar).getByRole('button', { name: 'Apply price range' }));
    expect(currentUrl()).toBe('/products?min_price=50000&max_price=99950');
    expect(screen.getByRole('button', { name: 'Remove filter Price: $500 – $999.50' })).toBeInTheDocument();
  });

  it('moves between pages with links that keep the filters', async () => {
    const user = userEvent.setup();
    setup('/products?type=cloud');
    await user.click(await screen.findByRole('link', { name: 'Next page' }));
    expect(currentUrl()).toBe('/products?type=cloud&page=2');
    await user.click(screen.getByRole('link', { name: 'Page 3, last page' }));
    expect(currentUrl()).toBe('/products?type=cloud&page=3');
  });

  it('opens the filters in a dialog on small screens', async () => {
    const user = userEvent.setup();
    setup('/products?label=SFC+Management');
    await user.click(await screen.findByRole('button', { name: 'Filters (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Routers/ }));
    expect(currentUrl()).toBe('/products?category=routers&label=SFC+Management');
    await user.click(within(dialog).getByRole('button', { name: 'Show 60 products' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows an empty state with a way out when nothing matches', async () => {
    const user = userEvent.setup();
    setup('/products?brand=Pepwave&in_stock=true&sort=name', [], 0);
    expect(await screen.findByRole('heading', { name: 'No products match these filters' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Clear all filters' }));
    expect(currentUrl()).toBe('/products?sort=name');
  });

  it('explains a failed request and retries', async () => {
    const user = userEvent.setup();
    let failures = 1;
    mockApi({
      'GET /api/v1/products': () =>
        failures-- > 0 ? new Response('oops', { status: 503 }) : page(ITEMS, { total: 2 }),
    });
    renderRoutes([{ path: '/products', element: <ProductsPage /> }], '/products');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on our side. Try again in a moment.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'MAX One' })).toBeInTheDocument();
  });
});
