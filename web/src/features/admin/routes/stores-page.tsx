import { Link } from 'react-router';
import { StaffNotice } from '@/components/staff-notice';
import { Badge } from '@/components/ui/badge';
import { buttonClassName } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminStores } from '../api/stores';

/** `/admin/stores`: every store and mini-store, its kind, region, catalogue and state. */
export default function AdminStoresPage() {
  const stores = useAdminStores();
  return (
    <div className="admin-page">
      <title>Stores — Back office — Uplink</title>
      <div className="admin-head">
        <h1 tabIndex={-1}>Stores and mini-stores</h1>
        <Link to="/admin/stores/new" className={buttonClassName({})}>
          New store
        </Link>
      </div>
      {stores.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden">Loading stores…</span>
          <Skeleton height="16rem" />
        </div>
      ) : stores.isError ? (
        <StaffNotice role="admin" error={stores.error} what="stores" onRetry={() => void stores.refetch()} />
      ) : (
        <table className="data-table" data-testid="admin-stores">
          <caption className="visually-hidden">Stores</caption>
          <thead>
            <tr>
              <th scope="col">Store</th>
              <th scope="col">Kind</th>
              <th scope="col">Region</th>
              <th scope="col">Catalogue</th>
              <th scope="col">Partner</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {stores.data.items.map((s) => (
              <tr key={s.code}>
                <th scope="row" data-label="Store">
                  <Link to={`/admin/stores/${s.code}`}>{s.display_name}</Link> <span className="muted admin-code">{s.code}</span>
                </th>
                <td data-label="Kind">{s.kind}</td>
                <td data-label="Region">{s.region}</td>
                <td data-label="Catalogue">
                  {s.catalogue === 'selected' ? `${s.selected_products} selected` : 'All products'}
                  {s.own_prices > 0 && <span className="muted"> · {s.own_prices} own prices</span>}
                </td>
                <td data-label="Partner">{s.partner_name ?? <span className="muted">—</span>}</td>
                <td data-label="State">
                  {s.is_default && <Badge tone="brand">Default</Badge>} <Badge tone={s.active ? 'success' : 'neutral'}>{s.active ? 'Open' : 'Closed'}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
