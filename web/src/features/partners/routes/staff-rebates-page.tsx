import { useRef, useState } from 'react';
import { StaffNotice } from '@/components/staff-notice';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/money';
import { formatDateTime } from '@/lib/time-format';
import { useStaffRebates } from '../api/get-staff-rebates';
import type { PayoutDue } from '../api/types';
import { MarkPaidDialog } from '../components/mark-paid-dialog';
import '../partners.css';

/** `/admin/rebates` (admins): partners owed rebates, and recording a payout with its reference. */
export default function StaffRebatesPage() {
  const rebates = useStaffRebates();
  const [paying, setPaying] = useState<PayoutDue | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <div className="container page partner-page">
      <title>Partner rebates — Uplink</title>
      <h1 ref={heading} tabIndex={-1}>
        Partner rebates
      </h1>
      <p className="partner-lead">
        Rebates become available once an order’s return window has passed. Pay a partner by bank transfer, then record the
        payout here with its reference.
      </p>
      <p className="editor-status" role="status" aria-live="polite" data-testid="payout-status">
        {announcement}
      </p>
      {rebates.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden">Loading partner rebates…</span>
          <Skeleton height="10rem" />
        </div>
      ) : rebates.isError ? (
        <StaffNotice error={rebates.error} what="partner rebates" onRetry={() => void rebates.refetch()} />
      ) : rebates.data.partners.length === 0 ? (
        <p className="partner-empty">No partner is owed a rebate right now.</p>
      ) : (
        <table className="data-table" data-testid="staff-rebates">
          <caption className="visually-hidden">Partners with rebates, most owed first</caption>
          <thead>
            <tr>
              <th scope="col">Partner</th>
              <th scope="col" className="data-table__num">
                Available
              </th>
              <th scope="col" className="data-table__num">
                Pending
              </th>
              <th scope="col">Last paid</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rebates.data.partners.map((p) => (
              <tr key={p.id}>
                <th scope="row">
                  {p.partner_name} <span className="muted">({p.referral_code})</span>
                </th>
                <td data-label="Available" className="data-table__num">
                  {formatMoney(p.available.cents, p.available.currency)}
                  <span className="muted"> · {p.available_entries}</span>
                </td>
                <td data-label="Pending" className="data-table__num">
                  {formatMoney(p.pending.cents, p.pending.currency)}
                </td>
                <td data-label="Last paid">{p.last_paid_at ? formatDateTime(p.last_paid_at) : <span className="muted">Never</span>}</td>
                <td className="staff-rebates__actions">
                  {p.available.cents > 0 ? (
                    <Button
                      size="sm"
                      onClick={() => {
                        setAnnouncement('');
                        setPaying(p);
                      }}
                    >
                      Mark paid<span className="visually-hidden"> — {p.partner_name}</span>
                    </Button>
                  ) : (
                    <span className="muted">Nothing to pay yet</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <MarkPaidDialog
        target={paying}
        onClose={() => setPaying(null)}
        onPaid={(payout, partner) => {
          setPaying(null);
          setAnnouncement(
            `Payout of ${formatMoney(payout.amount.cents, payout.amount.currency)} to ${partner.partner_name} recorded (${payout.entries} entries, reference ${payout.reference}).`,
          );
          heading.current?.focus();
        }}
      />
    </div>
  );
}
