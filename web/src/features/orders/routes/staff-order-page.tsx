import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { OrderDetailLines, OrderDetailTotals } from '@/components/order-detail-amounts';
import { StaffNotice } from '@/components/staff-notice';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useCurrentUser } from '@/lib/auth/session';
import { formatMoney } from '@/lib/money';
import type { OrderDetail } from '@/lib/resources/orders/types';
import { formatDate, formatDateTime } from '@/lib/time-format';
import { staffCreditNoteUrl, useResendOrderEmail, useStaffAction, useStaffOrder } from '../api/staff';
import { OrderRefunds } from '../components/order-refunds';
import { RefundForm } from '../components/refund-form';
import { canRefund } from '../lib/refund';
import { DELIVERY_LABELS, STATUS_LABELS, STATUS_TONES } from '../lib/status';
import '../orders.css';

function actionError(error: unknown): string {
  if (!isApiProblem(error)) return 'The change failed. Try again.';
  if (error.code === 'refund_declined')
    return 'The payment provider declined to return the money, so the order was not cancelled; nothing changed. Try again later.';
  if (error.code === 'invalid_transition') return 'Only a shipped order can be marked delivered. Reload the order to see its state.';
  return error.detail ?? messageForProblem(error);
}

function ShipForm({ order, onDone }: { order: OrderDetail; onDone: (m: string) => void }) {
  const action = useStaffAction();
  const shipped = new Set(order.shipments.flatMap((s) => s.line_ids));
  const open = order.lines.filter((l) => l.physical && !shipped.has(l.id));
  const [carrier, setCarrier] = useState('DHL');
  const [tracking, setTracking] = useState('');
  const [lines, setLines] = useState<string[]>([]);
  const fields = action.isError && isApiProblem(action.error) ? action.error.fieldErrors : {};
  return (
    <form
      className="staff-order-form"
      aria-labelledby="ship-h"
      onSubmit={(e) => {
        e.preventDefault();
        action.mutate(
          { kind: 'ship', number: order.number, carrier, tracking: tracking.trim(), lineIds: lines },
          {
            onSuccess: () => {
              setTracking('');
              setLines([]);
              onDone(`Shipment ${tracking.trim()} added.`);
            },
          },
        );
      }}
    >
      <h3 id="ship-h">Add a shipment</h3>
      {open.length > 1 && (
        <fieldset className="admin-checks">
          <legend>Lines in this parcel (none ticked: every line not yet shipped)</legend>
          {open.map((l) => (
            <label key={l.id}>
              <input
                type="checkbox"
                checked={lines.includes(l.id)}
                onChange={(e) => setLines(e.target.checked ? [...lines, l.id] : lines.filter((x) => x !== l.id))}
              />{' '}
              {l.qty} × {l.name} ({l.sku})
            </label>
          ))}
        </fieldset>
      )}
      <div className="inline-ship">
        <Select label="Carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)} options={['DHL', 'FedEx', 'UPS', 'Other'].map((c) => ({ value: c, label: c }))} />
        <Input
          label="Tracking number"
          value={tracking}
          onChange={(e) => setTracking(e.target.value)}
          error={fields.tracking_number ?? fields.line_ids}
          required
        />
        <Button type="submit" loading={action.isPending}>
          Add shipment
        </Button>
      </div>
      {action.isError && !fields.tracking_number && (
        <p className="form-alert form-alert--error" role="alert">
          {actionError(action.error)}
        </p>
      )}
    </form>
  );
}

function CancelForm({ order, onDone }: { order: OrderDetail; onDone: (m: string) => void }) {
  const action = useStaffAction();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      className="staff-order-form"
      aria-labelledby="cancel-h"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim()) return setMissing(true);
        setMissing(false);
        action.mutate({ kind: 'cancel', number: order.number, reason: reason.trim() }, { onSuccess: () => onDone('Order cancelled; any payment was returned.') });
      }}
    >
      <h3 id="cancel-h">Cancel the order</h3>
      <p className="muted">A paid order’s money goes back first (a card payment is voided or refunded); if the provider refuses, nothing changes.</p>
      <Textarea
        label="Reason for cancelling"
        required
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={missing ? 'Give the reason (the customer sees it).' : action.isError && isApiProblem(action.error) ? action.error.fieldErrors.reason : undefined}
      />
      {action.isError && (
        <p className="form-alert form-alert--error" role="alert">
          {actionError(action.error)}
        </p>
      )}
      <Button type="submit" variant="danger" loading={action.isPending}>
        Cancel the order
      </Button>
    </form>
  );
}

/** `/admin/orders/:number` (fulfilment; refunds for admins): the order, its timeline, shipments, refunds and every staff action. */
export default function StaffOrderPage() {
  const { number = '' } = useParams();
  const order = useStaffOrder(number);
  const { user } = useCurrentUser();
  const isAdmin = user?.roles.includes('admin') ?? false;
  const action = useStaffAction();
  const resend = useResendOrderEmail();
  const [message, setMessage] = useState('');
  const o = order.data;
  return (
    <div className="admin-page orders">
      <title>{`Order ${number} — Back office — Uplink`}</title>
      <p className="admin-back">
        <Link to="/admin/orders">← Order desk</Link>
      </p>
      {order.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden">Loading the order…</span>
          <Skeleton height="16rem" />
        </div>
      ) : order.isError || !o ? (
        <>
          <h1>Order {number}</h1>
          {isApiProblem(order.error) && order.error.status === 404 ? (
            <p role="alert">No order {number}. Check the number or find it on the order desk.</p>
          ) : (
            <StaffNotice role="fulfilment" error={order.error} what="the orders" onRetry={() => void order.refetch()} />
          )}
        </>
      ) : (
        <>
          <div className="admin-head">
            <h1>
              Order {o.number} <Badge tone={STATUS_TONES[o.status]}>{STATUS_LABELS[o.status] ?? o.status}</Badge>
            </h1>
            <div className="admin-head__actions">
              {o.payment.method === 'bank_transfer' && o.payment.status === 'pending' && o.status === 'pending_payment' && (
                <Button
                  loading={action.isPending && action.variables?.kind === 'paid'}
                  onClick={() => action.mutate({ kind: 'paid', number: o.number }, { onSuccess: () => setMessage('Marked paid.') })}
                >
                  Mark bank transfer paid
                </Button>
              )}
              {o.status === 'shipped' && (
                <Button
                  loading={action.isPending && action.variables?.kind === 'complete'}
                  onClick={() => action.mutate({ kind: 'complete', number: o.number }, { onSuccess: () => setMessage('Marked delivered: the order is completed.') })}
                >
                  Mark delivered
                </Button>
              )}
              <Button
                variant="secondary"
                loading={resend.isPending}
                onClick={() =>
                  resend.mutate(o.number, {
                    onSuccess: (r) => setMessage(`E-mail sent again: ${r.subjects.join('; ')}.`),
                  })
                }
              >
                Resend e-mail
              </Button>
            </div>
          </div>
          <p className="muted">
            {o.store} store · placed {formatDateTime(o.placed_at)} · {o.payment.name} ({o.payment.status.replace('_', ' ')}) ·{' '}
            {formatMoney(o.totals.total.cents, o.totals.total.currency)}
          </p>
          <p role="status" aria-live="polite" data-testid="staff-order-status">
            {message}
          </p>
          {(action.isError || resend.isError) && (
            <p className="form-alert form-alert--error" role="alert">
              {action.isError
                ? actionError(action.error)
                : isApiProblem(resend.error) && resend.error.status === 404
                  ? 'Nothing was sent about this order yet, so there is nothing to send again.'
                  : actionError(resend.error)}
            </p>
          )}
          <div className="order-grid">
            <Card as="section" aria-labelledby="lines-h">
              <h2 id="lines-h">Items</h2>
              <OrderDetailLines
                order={o}
                extra={(l) => {
                  const s = o.shipments.filter((x) => x.line_ids.length === 0 || x.line_ids.includes(l.id));
                  return (
                    <>
                      <div className="muted">{DELIVERY_LABELS[l.delivery_status] ?? l.delivery_status}</div>
                      {l.refunded_qty > 0 && <div data-testid="line-refunded">{l.refunded_qty} refunded</div>}
                      {l.physical &&
                        (s.length > 0 ? (
                          <div className="muted">Shipped: {s.map((x) => `${x.carrier} ${x.tracking_number}`).join(', ')}</div>
                        ) : (
                          <div className="muted">Not shipped yet</div>
                        ))}
                    </>
                  );
                }}
              />
              <OrderDetailTotals order={o} />
            </Card>
            <Card as="section" aria-labelledby="timeline-h">
              <h2 id="timeline-h">Timeline</h2>
              <ol className="timeline">
                {o.history.map((h) => (
                  <li key={`${h.at}-${h.status}-${h.note}`}>
                    <strong>{STATUS_LABELS[h.status] ?? h.status}</strong> <span className="muted">{formatDateTime(h.at)} · {h.actor}</span>
                    {h.note && <div>{h.note}</div>}
                  </li>
                ))}
              </ol>
              <h3>Shipments</h3>
              {o.shipments.length === 0 ? (
                <p>None yet.</p>
              ) : (
                <ul data-testid="staff-shipments">
                  {o.shipments.map((s) => (
                    <li key={s.id}>
                      {s.carrier}: <strong>{s.tracking_number}</strong> <span className="muted">({formatDate(s.shipped_at)})</span>
                      {s.line_ids.length > 0 && (
                        <div className="muted">{s.line_ids.map((id) => o.lines.find((l) => l.id === id)?.sku ?? id).join(', ')}</div>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {(o.status === 'processing' || o.status === 'partially_shipped') && o.shipping.method !== 'none' && (
                <ShipForm order={o} onDone={setMessage} />
              )}
            </Card>
            <Card as="section" aria-labelledby="refunds-h">
              <h2 id="refunds-h">Refunds and credit notes</h2>
              {o.refunds.length === 0 ? <p>No refunds.</p> : <OrderRefunds order={o} pdfUrl={(r) => staffCreditNoteUrl(o.number, r.number)} />}
            </Card>
            {isAdmin && canRefund(o) && (
              <Card as="section">
                <RefundForm order={o} onDone={setMessage} />
              </Card>
            )}
            {o.can_cancel || o.status === 'processing' || o.status === 'pending_payment' ? (
              <Card as="section">
                <CancelForm order={o} onDone={setMessage} />
              </Card>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
