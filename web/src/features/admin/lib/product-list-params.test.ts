import { describe, expect, it } from 'vitest';
import {
  ariaSortOf,
  DEFAULT_PARAMS,
  nextSort,
  parseProductListParams,
  productListQuery,
  productListSearch,
  withChange,
} from './product-list-params';

const parse = (qs: string) => parseProductListParams(new URLSearchParams(qs));

describe('product list state in the URL', () => {
  it('reads defaults from an empty URL and writes none back', () => {
    expect(parse('')).toEqual(DEFAULT_PARAMS);
    expect(productListSearch(DEFAULT_PARAMS).toString()).toBe('');
  });

  it('round-trips search, filters, sort, page size and page', () => {
    const qs = 'q=max+br1&type=hardware&status=draft&category=routers&stock=low&sort=-price&per_page=100&page=3';
    const params = parse(qs);
    expect(params).toMatchObject({ q: 'max br1', type: 'hardware', status: 'draft', category: 'routers', stock: 'low', sort: '-price', perPage: 100, page: 3 });
    expect(parse(productListSearch(params).toString())).toEqual(params);
  });

  it('ignores what the API would refuse: unknown sorts, bad pages, odd page sizes, unknown stock filters', () => {
    expect(parse('sort=evil&page=-2&per_page=7&stock=plenty')).toEqual(DEFAULT_PARAMS);
    expect(parse('page=abc').page).toBe(1);
  });

  it('starts again on page 1 when the search, a filter or the sort changes, not when the page does', () => {
    const on3 = { ...DEFAULT_PARAMS, page: 3 };
    expect(withChange(on3, { status: 'active' }).page).toBe(1);
    expect(withChange(on3, { sort: '-updated' }).page).toBe(1);
    expect(withChange(on3, { page: 4 }).page).toBe(4);
  });

  it('toggles a column between ascending and descending and tells screen readers', () => {
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
    expect(nextSort('name', 'price')).toBe('price');
    expect(nextSort('price', 'price')).toBe('-price');
    expect(ariaSortOf('-price', 'price')).toBe('descending');
    expect(ariaSortOf('-updated', 'updated')).toBe('descending');
    expect(ariaSortOf('sku', 'name')).toBe('none');
  });

  it('sends only the filters in use to the API', () => {
    expect(productListQuery({ ...DEFAULT_PARAMS, brand: 'Pepwave' })).toEqual({
      q: undefined,
      type: undefined,
      status: undefined,
      brand: 'Pepwave',
      category: undefined,
      label: undefined,
      stock: undefined,
      sort: 'name',
      page: 1,
      per_page: 50,
    });
  });
});
