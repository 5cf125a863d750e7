import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { loginUrl } from '@/lib/auth/return-path';
import { formatMoney } from '@/lib/money';
import { useStaffAction, useStaffOrders } from '../api/staff';
import { STATUS_LABELS, STATUS_TONES } from '../lib/status';
import '../orders.css';

function ShipForm({ number }: { number: string }) {
  const action = useStaffAction();
  const [carrier, setCarrier] = useState('DHL');
  const [tracking, setTracking] = useState('');
  return (
    <form
      className="inline-ship"
      onSubmit={(e) => {
        e.preventDefault();
        action.mutate({ kind: 'ship', number, carrier, tracking });
      }}
    >
      <Select label="Carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)} options={['DHL', 'FedEx', 'UPS', 'Other'].map((c) => ({ value: c, label: c }))} />
      <Input
        label="Tracking number"
        value={tracking}
        onChange={(e) => setTracking(e.target.value)}
        error={action.isError && isApiProblem(action.error) ? (action.error.fieldErrors.tracking_number ?? action.error.detail) : undefined}
        required
      />
      <Button type="submit" loading={action.isPending}>
        Add shipment
      </Button>
    </form>
  );
}

/** Minimal fulfilment page: mark bank transfers paid, add shipments with tracking numbers. */
export default function StaffOrdersPage() {
  const [status, setStatus] = useState('');
  const orders = useStaffOrders(status);
  const action = useStaffAction();
  return (
    <div className="container page orders">
      <h1>Orders (fulfilment)</h1>
      <Select
        label="Status"
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        options={[{ value: '', label: 'All recent' }, ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
      />
      {orders.isPending && <Spinner label="Loading orders" />}
      {orders.isError &&
        (isApiProblem(orders.error) && orders.error.status === 401 ? (
          <p role="alert">
            <Link to={loginUrl('/admin/orders')}>Sign in</Link> with a staff account to see the orders.
          </p>
        ) : (
          <p role="alert">{isApiProblem(orders.error) ? messageForProblem(orders.error) : 'Orders could not be loaded.'}</p>
        ))}
      {action.isError && <p role="alert">{isApiProblem(action.error) ? (action.error.detail ?? messageForProblem(action.error)) : 'The change failed.'}</p>}
      <ul className="orders-list">
        {orders.data?.map((o) => (
          <li key={o.number} className="orders-list__item staff-order">
            <div>
              <strong>{o.number}</strong> <Badge tone={STATUS_TONES[o.status]}>{STATUS_LABELS[o.status] ?? o.status}</Badge>
              <div className="muted">
                {o.email} · {new Date(o.placed_at).toLocaleString()} · {o.payment_method.replace('_', ' ')} ({o.payment_status}) ·{' '}
                {formatMoney(o.total.cents, o.total.currency)}
                {o.referred_by && <> · referred by {o.referred_by}</>}
              </div>
              {o.payment_method === 'bank_transfer' && o.payment_status === 'pending' && o.status === 'pending_payment' && (
                <Button size="sm" loading={action.isPending} onClick={() => action.mutate({ kind: 'paid', number: o.number })}>
                  Mark bank transfer paid
                </Button>
              )}
              {(o.status === 'processing' || o.status === 'partially_shipped') && o.shipping_method !== 'none' && <ShipForm number={o.number} />}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
