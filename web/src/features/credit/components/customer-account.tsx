import { useState } from 'react';
import { Link } from 'react-router';
import { StaffNotice } from '@/components/staff-notice';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { useCurrentUser } from '@/lib/auth/session';
import { formatMoney } from '@/lib/money';
import { formatDate, formatDay } from '@/lib/time-format';
import { type CustomerDetail, useCustomerChange, useStaffCustomer, useViewAs } from '../api/customers';

export const ALL_ROLES = ['customer', 'partner', 'sales', 'fulfilment', 'admin'] as const;

function changeError(error: unknown): string {
  if (!isApiProblem(error)) return 'The change failed. Try again.';
  if (error.code === 'last_admin') return 'The store needs at least one admin: make someone else an admin first, then change this account.';
  return error.detail ?? messageForProblem(error);
}

function Lists({ c, links }: { c: CustomerDetail; links: boolean }) {
  return (
    <>
      <h3>Orders</h3>
      {c.orders.length === 0 ? (
        <p>No orders.</p>
      ) : (
        <ul data-testid="customer-orders">
          {c.orders.map((o) => (
            <li key={o.number}>
              {links ? <Link to={`/admin/orders/${o.number}`}>{o.number}</Link> : <strong>{o.number}</strong>} · {o.status.replace('_', ' ')} ·{' '}
              {formatMoney(o.total.cents, o.total.currency)}
              {o.refunded.cents > 0 && ` (${formatMoney(o.refunded.cents, o.refunded.currency)} refunded)`} · {o.payment_method.replace('_', ' ')} · {formatDate(o.placed_at)}
            </li>
          ))}
        </ul>
      )}
      <h3>Quotations</h3>
      {c.quotations.length === 0 ? (
        <p>No quotations.</p>
      ) : (
        <ul>
          {c.quotations.map((q) => (
            <li key={q.number}>
              {links ? <Link to={`/admin/quotations/${q.number}`}>{q.number}</Link> : <strong>{q.number}</strong>} · {q.status}
              {q.valid_until && ` · valid until ${formatDay(q.valid_until)}`}
              {q.order_number && ` · ordered as ${q.order_number}`}
            </li>
          ))}
        </ul>
      )}
      <h3>Devices</h3>
      {c.devices.length === 0 ? (
        <p>No registered devices.</p>
      ) : (
        <ul>
          {c.devices.map((d) => (
            <li key={d.serial}>
              {d.name} ({d.model}, serial {d.serial}) · warranty until {formatDay(d.warranty_ends_at)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function RolesEditor({ c }: { c: CustomerDetail }) {
  const change = useCustomerChange(c.id);
  const [roles, setRoles] = useState<string[]>(c.roles);
  const [saved, setSaved] = useState('');
  return (
    <form
      className="staff-order-form"
      onSubmit={(e) => {
        e.preventDefault();
        setSaved('');
        change.mutate({ kind: 'roles', roles }, { onSuccess: (after) => setSaved(`Roles saved: ${after.roles.join(', ') || 'none'}.`) });
      }}
    >
      <fieldset className="customer-checks">
        <legend>Roles</legend>
        {ALL_ROLES.map((r) => (
          <label key={r}>
            <input type="checkbox" checked={roles.includes(r)} onChange={(e) => setRoles(e.target.checked ? [...roles, r] : roles.filter((x) => x !== r))} /> {r}
          </label>
        ))}
      </fieldset>
      <p role="status" aria-live="polite">
        {saved}
      </p>
      {change.isError && (
        <p className="form-alert form-alert--error" role="alert">
          {changeError(change.error)}
        </p>
      )}
      <div>
        <Button type="submit" variant="secondary" loading={change.isPending}>
          Save roles
        </Button>
      </div>
    </form>
  );
}

function DisableForm({ c }: { c: CustomerDetail }) {
  const change = useCustomerChange(c.id);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  if (c.disabled_at) {
    return (
      <div className="staff-order-form">
        <p className="form-alert form-alert--error">
          Disabled on {formatDate(c.disabled_at)}
          {c.disabled_reason && `: ${c.disabled_reason}`}. The customer can’t sign in.
        </p>
        {change.isError && (
          <p className="form-alert form-alert--error" role="alert">
            {changeError(change.error)}
          </p>
        )}
        <div>
          <Button loading={change.isPending} onClick={() => change.mutate({ kind: 'enable' })}>
            Enable the account
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form
      className="staff-order-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim()) return setMissing(true);
        setMissing(false);
        change.mutate({ kind: 'disable', reason: reason.trim() }, { onSuccess: () => setReason('') });
      }}
    >
      <Textarea
        label="Reason for disabling"
        hint="Disabling ends the customer’s sessions at once; signing in is refused until an admin enables the account."
        required
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={missing ? 'Give the reason (it goes into the audit log).' : isApiProblem(change.error) ? change.error.fieldErrors.reason : undefined}
      />
      {change.isError && (
        <p className="form-alert form-alert--error" role="alert">
          {changeError(change.error)}
        </p>
      )}
      <div>
        <Button type="submit" variant="danger" loading={change.isPending}>
          Disable the account
        </Button>
      </div>
    </form>
  );
}

/** A customer's account for staff: who they are, roles, state, orders, quotations, devices, credit owed, rebates; admin controls; view as them. */
export function CustomerAccount({ id }: { id: string }) {
  const customer = useStaffCustomer(id);
  const { user } = useCurrentUser();
  const isAdmin = user?.roles.includes('admin') ?? false;
  const viewAs = useViewAs(id);
  if (customer.isPending) return <Skeleton height="10rem" />;
  if (customer.isError) return <StaffNotice error={customer.error} what="this customer’s account" onRetry={() => void customer.refetch()} />;
  const c = customer.data;
  return (
    <>
      <Card as="section" className="credit-section" aria-labelledby="account-h" data-testid="customer-account">
        <h2 id="account-h">
          Account {c.disabled_at ? <Badge tone="danger">disabled</Badge> : <Badge tone="success">active</Badge>}
        </h2>
        <dl className="customer-facts">
          <div>
            <dt>Customer since</dt>
            <dd>{formatDate(c.created_at)}</dd>
          </div>
          <div>
            <dt>Country</dt>
            <dd>{c.country}</dd>
          </div>
          <div>
            <dt>Roles</dt>
            <dd>{c.roles.join(', ') || 'none'}</dd>
          </div>
          <div>
            <dt>Credit owed</dt>
            <dd>{formatMoney(c.credit_owed.cents, c.credit_owed.currency)}</dd>
          </div>
          <div>
            <dt>Rebates</dt>
            <dd>{c.rebates.length === 0 ? 'None' : c.rebates.map((r) => `${r.status} ${formatMoney(r.amount.cents, r.amount.currency)}`).join(' · ')}</dd>
          </div>
        </dl>
        <Lists c={c} links />
      </Card>
      {isAdmin && (
        <Card as="section" className="credit-section" aria-labelledby="access-h">
          <h2 id="access-h">Roles and access</h2>
          <RolesEditor key={c.roles.join(',')} c={c} />
          <DisableForm c={c} />
        </Card>
      )}
      <Card as="section" className="credit-section" aria-labelledby="view-as-h">
        <h2 id="view-as-h">View as the customer</h2>
        <p>
          See the account read-only, as {c.name} sees it. Each look is recorded in the audit log under your name.
        </p>
        {!viewAs.data && (
          <Button variant="secondary" loading={viewAs.isPending} onClick={() => viewAs.mutate()}>
            View as customer
          </Button>
        )}
        {viewAs.isError && (
          <p className="form-alert form-alert--error" role="alert">
            {isApiProblem(viewAs.error) ? messageForProblem(viewAs.error) : 'The customer’s view could not be loaded.'}
          </p>
        )}
        {viewAs.data && (
          <div className="view-as" data-testid="view-as">
            <p className="form-alert form-alert--info">
              Read-only view of {viewAs.data.email}. This look was recorded in the audit log.{' '}
              <Button variant="ghost" size="sm" onClick={() => viewAs.reset()}>
                Close the view
              </Button>
            </p>
            <Lists c={viewAs.data} links={false} />
          </div>
        )}
      </Card>
    </>
  );
}
