import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '../components/breadcrumbs';
import { ListingView } from '../components/listing-view';
import { NoMatches } from '../components/no-matches';
import { SerialProducts } from '../components/serial-products';
import { purposeOf } from '../lib/eligible';
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
