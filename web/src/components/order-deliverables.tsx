import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { OrderDetail } from '@/lib/resources/orders/types';
import { formatDay } from '@/lib/time-format';
import './order-deliverables.css';

type OrderLine = OrderDetail['lines'][number];
type Deliverables = NonNullable<OrderLine['deliverables']>;

function data(mb: number): string {
  return mb >= 1024 ? `${Math.round((mb / 1024) * 10) / 10} GB` : `${mb} MB`;
}

/** A value to copy (a licence key, an activation code), with a Copy button that says when it worked. */
function Copyable({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    navigator.clipboard
      .writeText(value)
      .then(() => setState('copied'))
      .catch(() => setState('failed'));
  };
  return (
    <span className="deliverable__copy">
      <code className="deliverable__value">{value}</code>
      <Button variant="ghost" size="sm" onClick={copy} aria-label={`Copy ${label}`}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      <span className="visually-hidden" role="status">
        {state === 'copied' ? `${label} copied` : state === 'failed' ? 'Copying failed; select the text and copy it by hand.' : ''}
      </span>
    </span>
  );
}

function LineDeliverables({ d }: { d: Deliverables }) {
  return (
    <ul className="deliverables__items">
      {d.licence_keys.map((k) => (
        <li key={k.id} data-testid="licence-key">
          <div>
            Licence key for <strong>{k.serial}</strong>
            {k.ends_at ? `, valid until ${formatDay(k.ends_at)}` : ', for the lifetime of the device'}
          </div>
          <Copyable value={k.key} label={`licence key for ${k.serial}`} />
          <a href={k.certificate_url} target="_blank" rel="noreferrer" download>
            Download the licence certificate (PDF)
          </a>
        </li>
      ))}
      {d.warranty_extensions.map((w) => (
        <li key={`w-${w.serial}`}>
          Coverage of <strong>{w.serial}</strong> extended: {formatDay(w.starts_on)} to {formatDay(w.ends_on)}
        </li>
      ))}
      {d.subscriptions.map((p) => (
        <li key={`p-${p.serial}-${p.expires_at}`} data-testid="subscription">
          Plan on <strong>{p.serial}</strong>:{' '}
          {p.allowance_mb == null ? 'unlimited data' : `${data(p.allowance_mb - p.used_mb)} left`}, valid until{' '}
          {formatDay(p.current_expiry)}
          {p.carried_mb != null && p.carried_mb > 0 && <span className="muted"> ({data(p.carried_mb)} carried over)</span>}
        </li>
      ))}
      {d.esims.map((e) => (
        <li key={e.iccid} className="deliverable__esim" data-testid="esim">
          <img
            src={e.qr_url}
            width={200}
            height={200}
            alt={`QR code of the activation code for eSIM ${e.iccid}`}
            className="deliverable__qr"
            data-testid="esim-qr"
          />
          <div>
            <div>
              eSIM <strong>{e.iccid}</strong>
            </div>
            <div className="muted">Scan the QR code in your device’s eSIM settings, or enter the activation code:</div>
            <Copyable value={e.activation_code} label={`activation code of eSIM ${e.iccid}`} />
          </div>
        </li>
      ))}
      {d.topups.map((t, i) => (
        <li key={`t-${t.iccid}-${i}`}>
          {data(t.data_mb)} added to eSIM <strong>{t.iccid}</strong>
          {t.expires_at && `, valid until ${formatDay(t.expires_at)}`}
        </li>
      ))}
      {d.pool && (
        <li>
          Data pool <strong>{d.pool.name}</strong>: {data(d.pool.allowance_mb)} shared by {d.pool.members.length} eSIM
          {d.pool.members.length === 1 ? '' : 's'}
          {d.pool.expires_at && `, valid until ${formatDay(d.pool.expires_at)}`}
          {d.pool.members.length > 0 && <div className="muted">Members: {d.pool.members.join(', ')}</div>}
        </li>
      )}
    </ul>
  );
}

/** How long delivery may take before the page says it is slower than usual. */
const SLOW_MS = 20_000;

/** True once `running` has lasted longer than usual. */
function useSlow(running: boolean): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setSlow(true), SLOW_MS);
    return () => window.clearTimeout(timer);
  }, [running]);
  return running && slow;
}

/** A ref for the section heading, focused when delivery settles (delivered or failed) while the
 * customer watches, so keyboard and screen-reader users land on their keys. */
function useFocusWhenSettled(delivery: OrderDetail['delivery']) {
  const heading = useRef<HTMLHeadingElement>(null);
  const wasPending = useRef(delivery === 'pending');
  useEffect(() => {
    if (wasPending.current && (delivery === 'delivered' || delivery === 'failed')) {
      heading.current?.focus();
    }
    wasPending.current = delivery === 'pending';
  }, [delivery]);
  return heading;
}

/** What a paid order's digital lines delivered, with progress while delivery runs (thank-you and order pages). */
export function OrderDeliverables({ order }: { order: OrderDetail }) {
  const delivering = order.delivery === 'pending' && order.awaiting_delivery;
  const slow = useSlow(delivering);
  const heading = useFocusWhenSettled(order.delivery);
  if (!order.delivery) return null;
  const lines = order.lines.filter((l) => l.deliverables && l.delivery_status === 'delivered');
  const waitingForPayment = order.delivery === 'pending' && !order.awaiting_delivery;
  return (
    <section className="deliverables" aria-labelledby="deliverables-h" data-testid="deliverables">
      <h2 id="deliverables-h" ref={heading} tabIndex={-1}>
        Digital items
      </h2>
      <div role="status" aria-live="polite" className="deliverables__state">
        {delivering && (
          <span className="deliverables__progress">
            <Spinner /> Delivering your licence keys, plans and eSIMs… this takes a few seconds.
          </span>
        )}
        {delivering && slow && (
          <p className="deliverables__slow">
            This is taking longer than usual. You can leave this page: we e-mail your items as soon as they are ready,
            and they appear under <Link to="/account/download">Account › Downloads</Link>.
          </p>
        )}
        {waitingForPayment && 'Your digital items are delivered as soon as your payment arrives.'}
        {order.delivery === 'delivered' && 'Delivered. We also sent them to you by e-mail.'}
        {order.delivery === 'failed' &&
          'Some items could not be delivered. Our team has been told and will contact you; you don’t need to order again.'}
      </div>
      {lines.map((l) => (
        <div key={l.id} className="deliverables__line">
          <h3>{l.name}</h3>
          <LineDeliverables d={l.deliverables as Deliverables} />
        </div>
      ))}
    </section>
  );
}
