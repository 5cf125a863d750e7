import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { useProducts } from '../api/get-products';
import { useSearchProducts } from '../api/search-products';
import type { ProductPage } from '../api/types';
import { SORT_LABELS } from '../lib/labels';
import {
  activeFilterCount,
  applyListingChange,
  PAGE_SIZES,
  SORTS,
  toApiQuery,
  type FacetKey,
  type ListingState,
  type PageSize,
  type Sort,
} from '../lib/listing-params';
import { useListingState } from '../lib/use-listing-state';
import { ActiveFilters } from './active-filters';
import { FiltersPanel } from './filters-panel';
import { Pagination } from './pagination';
import { ProductGrid } from './product-grid';
import { QueryError } from './query-error';

export interface ListingViewProps {
  /** `/products` or `/search`: same filters, different endpoint. */
  source: 'products' | 'search';
  /** Facet values the page pins (e.g. its category); not shown as filters. */
  fixed?: Partial<Record<FacetKey, string[]>>;
  /** What the listed things are called, e.g. "products" or "results". */
  noun?: string;
  /** Shown when nothing matches; gets the state and a way to clear the filters. */
  renderEmpty: (state: ListingState, data: ProductPage) => ReactNode;
  /** Search waits for a query. */
  enabled?: boolean;
}

function useListing(source: ListingViewProps['source'], query: ReturnType<typeof toApiQuery>, enabled: boolean) {
  const products = useProducts(query, { enabled: enabled && source === 'products' });
  const search = useSearchProducts(query, { enabled: enabled && source === 'search' });
  return source === 'products' ? products : search;
}

/** Filters sidebar (a drawer on small screens), sort, page size, chips, grid and pages — all in the URL. */
export function ListingView({ source, fixed = {}, noun = 'products', renderEmpty, enabled = true }: ListingViewProps) {
  const [state, setState] = useListingState();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const hidden = Object.keys(fixed) as FacetKey[];
  const query = toApiQuery(state, fixed);
  const { data, error, isPlaceholderData, isFetching, refetch } = useListing(source, query, enabled);
  const currency = data?.currency ?? 'USD';
  const filterCount = activeFilterCount(state, hidden);
  const total = data?.total ?? 0;
  const first = data ? (data.page - 1) * data.page_size + 1 : 0;
  const lastShown = data ? first + data.items.length - 1 : 0;

  const panel = (
    <FiltersPanel facets={data?.facets} state={state} onChange={setState} hidden={hidden} currency={currency} />
  );

  let body: ReactNode;
  if (error && !data) {
    body = (
      <QueryError error={error} onRetry={() => void refetch()} title={`We couldn’t load the ${noun}`}>
        <Link to="?" className="ui-button ui-button--ghost ui-button--sm">
          Clear filters and sort
        </Link>
      </QueryError>
    );
  } else if (data && data.items.length === 0 && total > 0) {
    body = (
      <div className="notice">
        <h2 className="notice__title">There’s nothing on page {state.page}</h2>
        <p>
          These filters match {total} {noun}, on fewer pages.
        </p>
        <div className="notice__actions">
          <Button variant="secondary" size="sm" onClick={() => setState(applyListingChange(state, { page: 1 }))}>
            Go to the first page
          </Button>
        </div>
      </div>
    );
  } else if (data && data.items.length === 0) {
    body = renderEmpty(state, data);
  } else {
    body = (
      <>
        <ProductGrid
          products={data?.items}
          skeletonCount={Math.min(state.pageSize, 12)}
          label={noun[0]!.toUpperCase() + noun.slice(1)}
          headingLevel={2}
          busy={isPlaceholderData && isFetching}
        />
        {data && <Pagination state={state} total={total} />}
      </>
    );
  }

  if (data && total === 0 && filterCount === 0) {
    // Nothing to filter or sort: the empty state gets the whole width.
    return <div className="listing listing--bare">{body}</div>;
  }

  return (
    <div className="listing">
      <aside className="listing__sidebar" aria-labelledby="filters-heading">
        <h2 id="filters-heading" className="listing__sidebar-title">
          Filters
        </h2>
        {panel}
      </aside>
      <div className="listing__main">
        <div className="listing__toolbar">
          <p className="listing__count" role="status" aria-live="polite">
            {data
              ? total === 0
                ? `No ${noun}`
                : `Showing ${first}–${lastShown} of ${total} ${noun}`
              : error
                ? ''
                : `Loading ${noun}…`}
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="listing__filters-button"
            aria-haspopup="dialog"
            onClick={() => setDrawerOpen(true)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M4 6h16M7 12h10M10 18h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            Filters{filterCount > 0 ? ` (${filterCount})` : ''}
          </Button>
          <Select
            label="Sort by"
            className="listing__sort"
            value={state.sort}
            options={SORTS.map((sort) => ({
              value: sort,
              label: sort === 'relevance' && !state.q ? 'Featured' : SORT_LABELS[sort],
            }))}
            onChange={(event) => setState(applyListingChange(state, { sort: event.target.value as Sort }))}
          />
          <Select
            label="Per page"
            className="listing__page-size"
            value={String(state.pageSize)}
            options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
            onChange={(event) =>
              setState(applyListingChange(state, { pageSize: Number(event.target.value) as PageSize }))
            }
          />
        </div>
        <ActiveFilters state={state} facets={data?.facets} onChange={setState} hidden={hidden} currency={currency} />
        {body}
      </div>
      <Dialog
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        title="Filters"
        className="filters-drawer"
        actions={
          <Button fullWidth onClick={() => setDrawerOpen(false)}>
            {data ? `Show ${total} ${noun}` : 'Show results'}
          </Button>
        }
      >
        {drawerOpen && panel}
      </Dialog>
    </div>
  );
}
