import { Breadcrumbs } from '../components/breadcrumbs';
import { ListingView } from '../components/listing-view';
import { NoMatches } from '../components/no-matches';
import '../catalog.css';

export function ProductsPage() {
  return (
    <div className="container page">
      <title>All products — Uplink</title>
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Products' }]} />
      <h1 className="page__title">All products</h1>
      <ListingView
        source="products"
        renderEmpty={(state) => (
          <NoMatches
            state={state}
            what="products"
            hint="Remove a filter or two, or clear them all to see every product."
            elsewhere={{ to: '/categories', label: 'Browse categories' }}
          />
        )}
      />
    </div>
  );
}

export default ProductsPage;
