import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { dueText } from '@/components/credit-statement';
import { formatMoney } from '@/lib/money';
import { useOverdueInvoices, useStaffCustomers } from '../api/staff-credit';
import { StaffNotice } from '@/components/staff-notice';
import '../credit.css';

/** Invoices past due across customers, the longest overdue first. */
function OverdueInvoices() {
  const overdue = useOverdueInvoices();
  return (
    <section className="credit-section" aria-labelledby="overdue-heading">
      <h2 id="overdue-heading">Overdue credit-terms invoices</h2>
      {overdue.isPending ? (
        <Skeleton height="4rem" />
      ) : overdue.isError ? (
        <StaffNotice error={overdue.error} onRetry={() => void overdue.refetch()} what="overdue invoices" />
      ) : overdue.data.length === 0 ? (
        <p>Nothing is overdue. Every credit-terms invoice is paid or not yet due.</p>
      ) : (
        <ul className="credit-list">
          {overdue.data.map((row) => (
            <li key={row.order_number} className="credit-list__item">
              <div>
                <strong>{row.order_number}</strong> <Badge tone="danger">{dueText(row)}</Badge>
                <div className="muted">
                  {row.customer.company ?? row.customer.name} · {row.customer.email}
                </div>
              </div>
              <div className="credit-list__figure">
                {formatMoney(row.outstanding.cents, row.outstanding.currency)}
                <Link to={`/admin/customers/${row.customer.id}`}>
                  Record payment<span className="visually-hidden"> for {row.order_number}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** `/admin/customers` (sales): overdue invoices, then customers with their credit, searchable. */
export default function StaffCustomersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const withTerms = params.get('terms') === '1';
  const [text, setText] = useState(q);
  const customers = useStaffCustomers(q, withTerms);
  const apply = (nextQ: string, nextTerms: boolean) => {
    const p = new URLSearchParams();
    if (nextQ.trim()) p.set('q', nextQ.trim());
    if (nextTerms) p.set('terms', '1');
    setParams(p, { replace: true });
  };
  return (
    <div className="container page credit-page">
      <h1>Customers and credit</h1>
      <OverdueInvoices />
      <section className="credit-section" aria-labelledby="customers-heading">
        <h2 id="customers-heading">Customers</h2>
        <form
          className="credit-search"
          role="search"
          aria-label="Find a customer"
          onSubmit={(e) => {
            e.preventDefault();
            apply(text, withTerms);
          }}
        >
          <Input label="Search customers" hint="E-mail, name or company" value={text} onChange={(e) => setText(e.target.value)} />
          <label className="credit-check">
            <input type="checkbox" checked={withTerms} onChange={(e) => apply(text, e.target.checked)} />
            <span>Only customers with credit terms</span>
          </label>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        {customers.isPending ? (
          <Skeleton height="8rem" />
        ) : customers.isError ? (
          <StaffNotice error={customers.error} onRetry={() => void customers.refetch()} what="customers" />
        ) : customers.data.length === 0 ? (
          <p>No customer matches “{q}”. Try part of an e-mail address or a company name.</p>
        ) : (
          <ul className="credit-list" aria-busy={customers.isFetching}>
            {customers.data.map((c) => (
              <li key={c.id} className="credit-list__item">
                <div>
                  <Link to={`/admin/customers/${c.id}`}>
                    <strong>{c.company ?? c.name}</strong>
                  </Link>
                  <div className="muted">
                    {c.company ? `${c.name} · ` : ''}
                    {c.email} · {c.country}
                  </div>
                </div>
                <div className="credit-list__figure">
                  {c.terms ? (
                    <>
                      <span>
                        {formatMoney(c.available?.cents ?? 0, c.available?.currency)} of{' '}
                        {formatMoney(c.terms.credit_limit.cents, c.terms.credit_limit.currency)} available
                      </span>
                      <span className="muted">{c.terms.payment_terms_days}-day terms</span>
                    </>
                  ) : (
                    <span className="muted">No credit terms</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
