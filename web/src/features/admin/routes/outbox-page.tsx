import { type FormEvent, useState } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';
import { StaffNotice } from '@/components/staff-notice';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { SCROLL_TO_TOP } from '@/lib/scroll-to-top';
import { formatDateTime } from '@/lib/time-format';
import { useOutbox, useResendOutbox } from '../api/backoffice';

const STATUSES: { value: string; label: string }[] = [
  { value: '', label: 'Every status' },
  { value: 'queued', label: 'Queued (waiting to send)' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
  { value: 'outbox', label: 'Kept (no mail server)' },
];
const TONES: Record<string, BadgeTone> = { sent: 'success', queued: 'brand', failed: 'danger', outbox: 'neutral' };
const statusLabel = (s: string) => (s === 'outbox' ? 'kept' : s);

/** `/admin/outbox` (admin): every e-mail the store sent or holds, searchable, with its delivery state and text; send one again. */
export default function OutboxPage() {
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const status = search.get('status') ?? '';
  const before = search.get('before') ?? '';
  const selected = search.get('message') ?? '';
  const list = useOutbox(q, status, before);
  const resend = useResendOutbox();
  const [query, setQuery] = useState(q);
  const [message, setMessage] = useState('');
  const go = (patch: Record<string, string>, options?: NavigateOptions) => {
    const next = new URLSearchParams();
    const all = { q, status, before: '', message: '', ...patch };
    for (const [k, v] of Object.entries(all)) if (v) next.set(k, v);
    setSearch(next, options);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    go({ q: query.trim() });
  };
  const items = list.data?.items ?? [];
  const open = items.find((m) => m.id === selected);
  return (
    <div className="admin-page">
      <title>Outbox — Back office — Uplink</title>
      <div className="admin-head">
        <h1>Outbox</h1>
      </div>
      {list.data && !list.data.smtp_enabled && (
        <p className="form-alert form-alert--info">No mail server is set up (UPLINK_SMTP_URL), so messages are kept here and not delivered.</p>
      )}
      <form role="search" aria-label="Outbox" className="admin-toolbar" onSubmit={onSubmit}>
        <Input className="admin-toolbar__search" label="Recipient or subject" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
        <Select label="Status" value={status} onChange={(e) => go({ status: e.target.value })} options={STATUSES} />
      </form>
      <p role="status" aria-live="polite" className="muted" data-testid="outbox-status">
        {message || (list.data ? `${items.length === 0 ? 'No' : items.length} message${items.length === 1 ? '' : 's'}${before ? ' on this page' : ''}.` : '')}
      </p>
      {list.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden">Loading the outbox…</span>
          <Skeleton height="16rem" />
        </div>
      ) : list.isError ? (
        <StaffNotice role="admin" error={list.error} what="the outbox" onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <p className="form-alert form-alert--info">No message matches. Change the search or the status.</p>
      ) : (
        <div className="outbox-layout">
          <div>
            <ul className="outbox-list" aria-label="Messages, newest first" data-testid="outbox-list">
              {items.map((m) => (
                <li key={m.id}>
                  <button type="button" aria-pressed={m.id === selected} onClick={() => go({ before, message: m.id })}>
                    <strong>{m.subject}</strong> <Badge tone={TONES[m.status] ?? 'neutral'}>{statusLabel(m.status)}</Badge>
                    <div className="muted">
                      {m.to} · {formatDateTime(m.created_at)}
                    </div>
                  </button>
                </li>
              ))}
            </ul>
            <nav className="admin-pager" aria-label="Pages of the outbox">
              <div className="admin-head__actions">
                {before && (
                  <Button variant="secondary" onClick={() => go({}, { state: SCROLL_TO_TOP })}>
                    Newest messages
                  </Button>
                )}
                {items.length >= 50 && (
                  <Button variant="secondary" onClick={() => go({ before: items[items.length - 1]!.created_at }, { state: SCROLL_TO_TOP })}>
                    Next page
                  </Button>
                )}
              </div>
            </nav>
          </div>
          {open ? (
            <Card as="section" className="outbox-message" aria-labelledby="message-h" data-testid="outbox-message">
              <h2 id="message-h">{open.subject}</h2>
              <dl className="outbox-facts">
                <div>
                  <dt>To</dt>
                  <dd>{open.to}</dd>
                </div>
                <div>
                  <dt>Status</dt>
                  <dd>
                    {statusLabel(open.status)} · {open.attempts} attempt{open.attempts === 1 ? '' : 's'}
                    {open.sent_at && ` · sent ${formatDateTime(open.sent_at)}`}
                  </dd>
                </div>
                <div>
                  <dt>Kind</dt>
                  <dd>{open.kind}</dd>
                </div>
              </dl>
              {open.last_error && <p className="form-alert form-alert--error">Last error: {open.last_error}</p>}
              <Button
                loading={resend.isPending}
                onClick={() =>
                  resend.mutate(open.id, {
                    onSuccess: (copy) => {
                      setMessage(`Queued again to ${copy.to}.`);
                      go({ before, message: copy.id });
                    },
                  })
                }
              >
                Send again
              </Button>
              {resend.isError && (
                <p className="form-alert form-alert--error" role="alert">
                  {isApiProblem(resend.error) ? messageForProblem(resend.error) : 'It could not be queued again. Try again.'}
                </p>
              )}
              {open.body_html ? (
                <>
                  <h3>As the recipient sees it</h3>
                  <iframe title={`Message: ${open.subject}`} sandbox="" srcDoc={open.body_html} />
                  <details>
                    <summary>Plain text</summary>
                    <pre>{open.body_text}</pre>
                  </details>
                </>
              ) : (
                <>
                  <h3>Message</h3>
                  <pre>{open.body_text}</pre>
                </>
              )}
            </Card>
          ) : (
            <p className="muted">Choose a message to read it.</p>
          )}
        </div>
      )}
    </div>
  );
}
