import { Link, useSearchParams } from 'react-router';
import { useCategories } from '../api/get-categories';
import { Breadcrumbs } from '../components/breadcrumbs';
import { CategoryTiles } from '../components/category-tiles';
import { ListingView } from '../components/listing-view';
import { NearestMatches } from '../components/nearest-matches';
import { activeFilterCount, clearFilters, serializeListing, type ListingState } from '../lib/listing-params';
import '../catalog.css';

function ZeroResults({ state }: { state: ListingState }) {
  const categories = useCategories();
  const filtered = activeFilterCount(state) > 0;
  return (
    <div className="zero-results">
      <div className="notice">
        <h2 className="notice__title">
          No results for “{state.q}”{filtered ? ' with these filters' : ''}
        </h2>
        <ul className="zero-results__tips">
          {filtered && (
            <li>
              <Link to={`/search?${serializeListing(clearFilters(state)).toString()}`}>Search again without the filters</Link>
            </li>
          )}
          <li>Check the spelling, or use fewer or more general words (for example “router” or “5G”).</li>
          <li>Search by SKU, such as the code on your device’s label or invoice.</li>
          <li>
            Looking for a licence or plan for a device? <Link to="/sn">Look up its serial number</Link>.
          </li>
        </ul>
      </div>
      <NearestMatches q={state.q} />
      <section aria-labelledby="zero-categories" className="zero-results__categories">
        <h2 id="zero-categories" className="nearest__title">
          Or browse a category
        </h2>
        <CategoryTiles categories={categories.data?.items} />
      </section>
    </div>
  );
}

export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  return (
    <div className="container page">
      <title>{q ? `“${q}” — search — Uplink` : 'Search — Uplink'}</title>
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Search' }]} />
      {q ? (
        <>
          <h1 className="page__title">
            Results for <q className="page__query">{q}</q>
          </h1>
          <ListingView source="search" noun="results" renderEmpty={(state) => <ZeroResults state={state} />} />
        </>
      ) : (
        <>
          <h1 className="page__title">Search the store</h1>
          <p className="page__lead">
            Type a product name, a SKU or a word like “router”, “5G” or “warranty” in the search box at the top of the
            page — or start from a category below.
          </p>
          <SearchCategories />
        </>
      )}
    </div>
  );
}

function SearchCategories() {
  const categories = useCategories();
  return <CategoryTiles categories={categories.data?.items} headingLevel={2} />;
}

export default SearchPage;
