import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SUGGESTIONS } from '../test/fixtures';
import { mockApi } from '@/testing/api-mock';
import { currentUrl, renderRoutes } from '@/testing/render';
import { SearchAutocomplete } from './search-autocomplete';

function setup(url = '/') {
  const api = mockApi({ 'GET /api/v1/search/suggest': () => SUGGESTIONS });
  renderRoutes([{ path: '*', element: <SearchAutocomplete /> }], url);
  return api;
}

describe('header search autocomplete', { timeout: 20_000 }, () => {
  it('suggests products as you type and moves through them with the arrow keys', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, 'routr');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'BR1 Mini LTE router' + 'UL-BR1-MINI' + '$299.00',
      'MAX BR1 Pro 5G router' + 'PW-MAX-BR1-PRO' + '$999.00',
      'AP One access point' + 'UL-AP-ONE' + '$199.00',
      '▦' + 'Routers' + 'Category',
    ]);
    // Debounced: one request for the whole word.
    expect(calls.map((call) => call.url.searchParams.get('q'))).toEqual(['routr']);

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    expect(box).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(currentUrl()).toBe('/products/ap-one');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('');
  });

  it('opens a suggested category', async () => {
    const user = userEvent.setup();
    setup();
    await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'rout');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(currentUrl()).toBe('/categories/routers');
  });

  it('searches for the typed words when Enter is pressed without a highlighted suggestion', async () => {
    const user = userEvent.setup();
    setup();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await user.type(box, 'acess point');
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}');
    expect(currentUrl()).toBe('/search?q=acess%20point');
    expect(box).toHaveValue('acess point');
  });

  it('closes on Escape, then clears on a second Escape', async () => {
    const user = userEvent.setup();
    setup();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await user.type(box, 'br1');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('br1');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('opens a suggestion with the mouse', async () => {
    const user = userEvent.setup();
    setup();
    await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'max');
    await user.click(await screen.findByRole('option', { name: /MAX BR1 Pro 5G router/ }));
    expect(currentUrl()).toBe('/products/max-br1-pro');
  });

  it('shows the query of the search page it is on', async () => {
    setup('/search?q=balance');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveValue('balance'));
  });

  it('tells the user when there are no quick matches', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/v1/search/suggest': () => ({ q: 'zzzz', items: [], categories: [] }) });
    renderRoutes([{ path: '*', element: <SearchAutocomplete /> }], '/');
    await user.type(screen.getByRole('combobox', { name: 'Search products' }), 'zzzz');
    expect(await screen.findByText(/No quick matches/)).toBeInTheDocument();
  });
});
