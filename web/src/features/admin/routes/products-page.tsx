import { type FormEvent, useRef, useState } from 'react';
import { Link, useSearchParams, type NavigateOptions } from 'react-router';
import { StaffNotice } from '@/components/staff-notice';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/money';
import { SCROLL_TO_TOP } from '@/lib/scroll-to-top';
import { formatDate } from '@/lib/time-format';

import { useCatalogReference } from '../api/home';
import { useAdminProducts } from '../api/products';
import type { AdminProductRow } from '../api/types';
import { BulkPricePanel } from '../components/bulk-price-panel';
import {
  activeFilterCount,
  ariaSortOf,
  DEFAULT_PARAMS,
  nextSort,
  parseProductListParams,
  PER_PAGE_CHOICES,
  productListSearch,
  type ProductListParams,
  withChange,
} from '../lib/product-list-params';

export const STATUS_TONE: Record<string, BadgeTone> = { active: 'success', draft: 'warning', archived: 'neutral' };

type SortColumn = 'name' | 'sku' | 'price' | 'updated';

function SortHeader({ column, label, params, onSort, numeric }: { column: SortColumn; label: string; params: ProductListParams; onSort: (c: SortColumn) => void; numeric?: boolean }) {
  const sort = ariaSortOf(params.sort, column);
  return (
    <th scope="col" aria-sort={sort} className={numeric ? 'data-table__num' : undefined}>
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true">{sort === 'ascending' ? ' ▲' : sort === 'descending' ? ' ▼' : ''}</span>
        <span className="visually-hidden">{sort === 'none' ? ', sort by this column' : ', change the order'}</span>
      </button>
    </th>
  );
}


function stockText(row: AdminProductRow): string {
  if (row.available === null || row.available === undefined) return '—';
  if (row.available === 0) return 'Out of stock';
  return String(row.available);
}

/** `/admin/products` (admins): the catalogue, searched, filtered, sorted and paged in the URL; a selection's prices changed in bulk. */
export default function AdminProductsPage() {
  const [search, setSearch] = useSearchParams();
  const params = parseProductListParams(search);
  const list = useAdminProducts(params);
  const reference = useCatalogReference();
  const [query, setQuery] = useState(params.q);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Back/forward changes the URL's search: the box follows it (adjusted while rendering, not in an effect).
  const [seenQ, setSeenQ] = useState(params.q);
  if (seenQ !== params.q) {
    setSeenQ(params.q);
    setQuery(params.q);
  }

  const go = (change: Partial<ProductListParams>, options?: NavigateOptions) =>
    setSearch(productListSearch(withChange(params, change)), options);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ q: query.trim() });
  };

  const ref = reference.data;
  const choices = (items: readonly { value: string; label: string }[] | undefined, all: string) => [{ value: '', label: all }, ...(items ?? [])];
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / params.perPage));
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const filters = activeFilterCount(params);

  return (
    <div className="admin-page">
      <title>Products — Back office — Uplink</title>
      <div className="admin-head">
        <h1 ref={headingRef} tabIndex={-1}>
          Products
        </h1>
        <div className="admin-head__actions">
          <Link to="/admin/products/new" className={buttonClassName({})}>
            New product
          </Link>
          <a href="/api/v1/admin/exports/products.csv" download="products.csv" className={buttonClassName({ variant: 'secondary' })}>
            Export CSV
          </a>
          <Link to="/admin/products/import" className={buttonClassName({ variant: 'secondary' })}>
            Import CSV
          </Link>
        </div>
      </div>
      <form role="search" aria-label="Products" className="admin-toolbar" onSubmit={onSearch}>
        <Input
          className="admin-toolbar__search"
          label="Search SKU or name"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <div className="admin-toolbar" aria-label="Filters" role="group">
        <Select label="Type" value={params.type} onChange={(e) => go({ type: e.target.value })} options={choices(ref?.product_types, 'Every type')} />
        <Select label="Status" value={params.status} onChange={(e) => go({ status: e.target.value })} options={choices(ref?.statuses, 'Every status')} />
        <Select label="Brand" value={params.brand} onChange={(e) => go({ brand: e.target.value })} options={choices(ref?.brands, 'Every brand')} />
        <Select
          label="Category"
          value={params.category}
          onChange={(e) => go({ category: e.target.value })}
          options={choices(ref?.categories.map((c) => ({ value: c.slug, label: c.parent ? `— ${c.name}` : c.name })), 'Every category')}
        />
        <Select label="Label" value={params.label} onChange={(e) => go({ label: e.target.value })} options={choices(ref?.labels, 'Any label')} />
        <Select
          label="Stock"
          value={params.stock}
          onChange={(e) => go({ stock: e.target.value })}
          options={[
            { value: '', label: 'Any stock' },
            { value: 'low', label: 'Low (1–5 left)' },
            { value: 'out', label: 'Out of stock' },
          ]}
        />
        <Select
          label="Sort by"
          value={params.sort}
          onChange={(e) => go({ sort: e.target.value as ProductListParams['sort'] })}
          options={[
            { value: 'name', label: 'Name, A to Z' },
            { value: '-name', label: 'Name, Z to A' },
            { value: 'sku', label: 'SKU' },
            { value: 'price', label: 'Price, low to high' },
            { value: '-price', label: 'Price, high to low' },
            { value: '-updated', label: 'Recently updated' },
          ]}
        />
        {filters > 0 && (
          <Button variant="ghost" onClick={() => setSearch(productListSearch({ ...DEFAULT_PARAMS, sort: params.sort, perPage: params.perPage }))}>
            Clear {filters === 1 ? 'the filter' : `${filters} filters`}
          </Button>
        )}
      </div>
      <p className="editor-status" role="status" aria-live="polite" data-testid="products-status">
        {announcement || (list.data ? `${total} product${total === 1 ? '' : 's'}${filters > 0 ? ' match' : ''}.` : '')}
      </p>
      {selected.size > 0 && (
        <div className="admin-selection">
          <span>
            <strong>{selected.size}</strong> selected
          </span>
          <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
            Clear the selection
          </Button>
        </div>
      )}
      {selected.size > 0 && (
        <BulkPricePanel
          ids={[...selected]}
          stores={ref?.stores ?? []}
          onDone={(message) => {
            setAnnouncement(message);
            setSelected(new Set());
            headingRef.current?.focus();
          }}
        />
      )}
      {list.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden">Loading products…</span>
          <Skeleton height="20rem" />
        </div>
      ) : list.isError ? (
        <StaffNotice role="admin" error={list.error} what="products" onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <p className="form-alert form-alert--info">No product matches. Change the search or clear the filters.</p>
      ) : (
        <table className="data-table admin-products" data-testid="admin-products" aria-busy={list.isFetching || undefined}>
          <caption className="visually-hidden">Products, page {params.page} of {pages}</caption>
          <thead>
            <tr>
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label="Select every product on this page"
                  checked={allOnPage}
                  onChange={() =>
                    setSelected((current) => {
                      const next = new Set(current);
                      for (const r of rows) {
                        if (allOnPage) next.delete(r.id);
                        else next.add(r.id);
                      }
                      return next;
                    })
                  }
                />
              </th>
              <SortHeader column="name" label="Product" params={params} onSort={(c) => go({ sort: nextSort(params.sort, c) })} />
              <SortHeader column="sku" label="SKU" params={params} onSort={(c) => go({ sort: nextSort(params.sort, c) })} />
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <SortHeader column="price" label="List price" numeric params={params} onSort={(c) => go({ sort: nextSort(params.sort, c) })} />
              <th scope="col" className="data-table__num">
                Available
              </th>
              <SortHeader column="updated" label="Updated" params={params} onSort={(c) => go({ sort: nextSort(params.sort, c) })} />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <input type="checkbox" aria-label={`Select ${row.sku}`} checked={selected.has(row.id)} onChange={() => toggle(row.id)} />
                </td>
                <th scope="row" data-label="Product">
                  <span className="admin-product-name">
                    {row.image_url ? <img className="product-thumb" src={row.image_url} alt="" loading="lazy" /> : null}
                    <span>
                      <Link to={`/admin/products/${row.id}`}>{row.name}</Link>
                      {row.variant_count > 0 && <span className="muted admin-product-name__meta">{row.variant_count} variants</span>}
                      {row.parent_id && <span className="muted admin-product-name__meta">Variant</span>}
                    </span>
                  </span>
                </th>
                <td data-label="SKU" className="data-table__key">
                  {row.sku}
                </td>
                <td data-label="Type" className="data-table__key">{row.product_type}</td>
                <td data-label="Status">
                  <Badge tone={STATUS_TONE[row.status] ?? 'neutral'}>{row.status}</Badge>
                </td>
                <td data-label="List price" className="data-table__num">
                  {row.purchasable ? formatMoney(row.price_cents) : <span className="muted">Variants priced</span>}
                  {row.compare_at_cents ? <s className="muted"> {formatMoney(row.compare_at_cents)}</s> : null}
                </td>
                <td data-label="Available" className="data-table__num">
                  {stockText(row)}
                </td>
                <td data-label="Updated" className="data-table__key">{formatDate(row.updated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && total > 0 && (
        <nav className="admin-pager" aria-label="Pages of products">
          <p>
            Page {params.page} of {pages} · {total} products
          </p>
          <div className="admin-head__actions">
            <Select
              label="Per page"
              value={String(params.perPage)}
              onChange={(e) => go({ perPage: Number(e.target.value) })}
              options={PER_PAGE_CHOICES.map((n) => ({ value: String(n), label: String(n) }))}
            />
            <Button variant="secondary" disabled={params.page <= 1} onClick={() => go({ page: params.page - 1 }, { state: SCROLL_TO_TOP })}>
              Previous page
            </Button>
            <Button variant="secondary" disabled={params.page >= pages} onClick={() => go({ page: params.page + 1 }, { state: SCROLL_TO_TOP })}>
              Next page
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
