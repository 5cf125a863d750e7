import { Link, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../components/breadcrumbs';
import { ListingView } from '../components/listing-view';
import { SerialProducts } from '../components/serial-products';
import { purposeOf } from '../lib/eligible';
import { clearFilters, serializeListing } from '../lib/listing-params';
import '../catalog.css';

export function ProductsPage() {
  const [params] = useSearchParams();
  const serial = params.get('serial');
  if (serial) {
    return (
      <div className="container page">
        <title>Products for your device — Uplink</title>
        <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Products', to: '/products' }, { label: 'For your device' }]} />
        <h1 className="page__title">Products for your device</h1>
        <SerialProducts raw={serial} purpose={purposeOf(params.get('for'))} />
      </div>
    );
  }
  return (
    <div className="container page">
      <title>All products — Uplink</title>
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Products' }]} />
      <h1 className="page__title">All products</h1>
      <ListingView
        source="products"
        renderEmpty={(state) => (
          <div className="notice">
            <h2 className="notice__title">No products match these filters</h2>
            <p>Remove a filter or two, or clear them all to see every product.</p>
            <div className="notice__actions">
              <Link
                to={`?${serializeListing(clearFilters(state)).toString()}`}
                className="ui-button ui-button--secondary ui-button--sm"
              >
                Clear all filters
              </Link>
              <Link to="/categories" className="ui-button ui-button--ghost ui-button--sm">
                Browse categories
              </Link>
            </div>
          </div>
        )}
      />
    </div>
  );
}

export default ProductsPage;
