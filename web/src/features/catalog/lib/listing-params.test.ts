import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  applyListingChange,
  clearFilters,
  DEFAULT_LISTING,
  parseListing,
  serializeListing,
  toApiQuery,
  toggleFacet,
} from './listing-params';

const parse = (query: string) => parseListing(new URLSearchParams(query));

describe('listing URL state', () => {
  it('reads filters, sort and pagination from the URL', () => {
    expect(
      parse('q=router&brand=Pepwave&brand=Uplink&type=hardware&min_price=10000&max_price=50000&in_stock=true&sort=price_asc&page=3&page_size=48'),
    ).toEqual({
      ...DEFAULT_LISTING,
      q: 'router',
      brand: ['Pepwave', 'Uplink'],
      type: ['hardware'],
      minPrice: 10000,
      maxPrice: 50000,
      inStock: true,
      sort: 'price_asc',
      page: 3,
      pageSize: 48,
    });
  });

  it('falls back to defaults for malformed values', () => {
    expect(parse('sort=cheapest&page=-2&page_size=25&min_price=abc&in_stock=yes&brand=')).toEqual(DEFAULT_LISTING);
    expect(parse('page=0').page).toBe(1);
  });

  it('writes only what differs from the defaults and round-trips', () => {
    expect(serializeListing(DEFAULT_LISTING).toString()).toBe('');
    const url = 'brand=Pepwave&label=SFC+Management&min_price=0&in_stock=true&sort=newest&page=2&page_size=12';
    expect(serializeListing(parse(url)).toString()).toBe(url);
  });

  it('keeps parameters that are not listing state', () => {
    const base = new URLSearchParams('utm_source=mail&page=4');
    expect(serializeListing({ ...DEFAULT_LISTING, sort: 'name' }, base).toString()).toBe('utm_source=mail&sort=name');
  });

  it('goes back to page 1 when a filter, sort or page size changes, not when the page changes', () => {
    const onPage3 = { ...DEFAULT_LISTING, page: 3 };
    expect(applyListingChange(onPage3, { sort: 'name' }).page).toBe(1);
    expect(applyListingChange(onPage3, { pageSize: 96 }).page).toBe(1);
    expect(toggleFacet(onPage3, 'brand', 'Pepwave')).toMatchObject({ brand: ['Pepwave'], page: 1 });
    expect(applyListingChange(onPage3, { page: 4 }).page).toBe(4);
  });

  it('toggles facet values on and off and clears every filter', () => {
    const withBoth = toggleFacet(toggleFacet(DEFAULT_LISTING, 'type', 'cloud'), 'type', 'license');
    expect(withBoth.type).toEqual(['cloud', 'license']);
    expect(toggleFacet(withBoth, 'type', 'cloud').type).toEqual(['license']);
    const busy = { ...withBoth, q: 'peplink', inStock: true, minPrice: 100, sort: 'name' as const };
    expect(activeFilterCount(busy)).toBe(4);
    expect(clearFilters(busy)).toEqual({ ...DEFAULT_LISTING, q: 'peplink', sort: 'name' });
  });

  it('builds the API query, pinning the page’s own category', () => {
    const state = { ...parse('category=routers&brand=Pepwave'), page: 2 };
    expect(toApiQuery(state, { category: ['hardware'] })).toEqual({
      q: undefined,
      category: ['hardware', 'routers'],
      brand: ['Pepwave'],
      type: undefined,
      label: undefined,
      min_price: undefined,
      max_price: undefined,
      in_stock: undefined,
      sort: 'relevance',
      page: 2,
      page_size: 24,
    });
  });
});
