import { useRef, useState } from 'react';
import { QuotationStatusBadge } from '@/components/quotation-status-badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import type { QuotationEvent } from '@/lib/resources/quotations/types';
import { formatDateTime } from '@/lib/time-format';
import { useAddComment } from '../api/add-comment';

/** Longest comment the server takes. */
export const MAX_COMMENT = 2_000;

/** Who wrote an entry, as the reader sees it. */
function partyText(event: QuotationEvent, viewer: 'buyer' | 'staff'): string {
  if (event.party === 'system') return 'Uplink';
  if (event.party === 'buyer') return viewer === 'buyer' ? `You (${event.author})` : `Customer · ${event.author}`;
  return viewer === 'staff' ? `Sales · ${event.author}` : `Uplink sales · ${event.author}`;
}

/** Status changes and comments, oldest first: who, when, the status after it, and what was said. */
export function QuotationHistory({ events, viewer }: { events: QuotationEvent[]; viewer: 'buyer' | 'staff' }) {
  if (events.length === 0) return <p className="muted">Nothing has happened yet.</p>;
  return (
    <ol className="q-history" aria-label="History and comments">
      {events.map((e, i) => (
        <li key={`${e.at}-${i}`} className={`q-history__entry q-history__entry--${e.kind}`} data-testid="history-entry">
          <div className="q-history__meta">
            <strong>{partyText(e, viewer)}</strong>
            <span className="muted">
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
            </span>
            {e.kind === 'status' && <QuotationStatusBadge status={e.status} />}
          </div>
          {e.kind === 'comment' ? <blockquote className="q-history__comment">{e.body}</blockquote> : <p>{e.body}</p>}
        </li>
      ))}
    </ol>
  );
}

/** A comment to the other side (buyer ↔ sales); both get it by e-mail. */
export function CommentForm({ number, viewer }: { number: string; viewer: 'buyer' | 'staff' }) {
  const add = useAddComment(number, viewer);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setDone('');
    const trimmed = text.trim();
    if (!trimmed) {
      setError('Write your comment first.');
      field.current?.focus();
      return;
    }
    if (trimmed.length > MAX_COMMENT) {
      setError(`Keep the comment to ${MAX_COMMENT.toLocaleString('en-US')} characters.`);
      field.current?.focus();
      return;
    }
    setError(null);
    add.mutate(trimmed, {
      onSuccess: () => {
        setText('');
        setDone('Comment added.');
      },
      onError: (e) => {
        setError(isApiProblem(e) ? (e.fieldErrors.comment ?? e.detail ?? messageForProblem(e)) : 'The comment was not sent. Try again.');
        field.current?.focus();
      },
    });
  };
  return (
    <form className="q-comment-form" onSubmit={onSubmit} noValidate aria-label="New comment">
      <Textarea
        ref={field}
        label="Add a comment"
        hint={viewer === 'buyer' ? 'Sales get it by e-mail and answer here.' : 'The customer gets it by e-mail.'}
        value={text}
        maxLength={MAX_COMMENT}
        error={error ?? undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="q-actions">
        <Button type="submit" variant="secondary" loading={add.isPending}>
          {add.isPending ? 'Sending comment…' : 'Send comment'}
        </Button>
        <p className="q-live" role="status">
          {done}
        </p>
      </div>
    </form>
  );
}
