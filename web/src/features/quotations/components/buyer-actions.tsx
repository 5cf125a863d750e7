import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { type ApiProblem, isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import type { QuotationDetail } from '@/lib/resources/quotations/types';
import { type BuyerAction, useBuyerAction } from '../api/buyer-actions';
import { BuyAtCataloguePrices } from './buy-at-catalogue';
import { MAX_COMMENT } from './quotation-history';

const DONE: Record<BuyerAction, string> = {
  submit: 'Submitted. Sales will e-mail you when the prices are ready.',
  accept: 'Prices accepted. You can pay the quotation now.',
  'request-revision': 'Revision requested. Sales will send new prices.',
  close: 'The quotation is closed.',
};

/** The payment page of an accepted quotation (SPEC §11). */
export const paymentPath = (number: string) => `/quotation/payment?${new URLSearchParams({ quotation: number }).toString()}`;

function problemText(error: unknown): string {
  if (!isApiProblem(error)) return 'That did not work. Check your connection and try again.';
  return error.fieldErrors.comment ?? error.detail ?? messageForProblem(error);
}

/**
 * What the buyer may do now, exactly as the server's `actions` say: submit a draft (with a
 * note), accept the prices and pay, ask for a revision (with a comment), close, download the
 * PDF, buy at catalogue prices once expired or declined.
 */
export function BuyerActions({ quotation, onReload }: { quotation: QuotationDetail; onReload: () => void }) {
  const q = quotation;
  const act = useBuyerAction(q.number);
  const [pending, setPending] = useState<BuyerAction | null>(null);
  const [done, setDone] = useState('');
  const [error, setError] = useState<{ text: string; problem: ApiProblem | null } | null>(null);
  const [note, setNote] = useState('');
  const [revisionOpen, setRevisionOpen] = useState(false);
  const [revision, setRevision] = useState('');
  const [revisionError, setRevisionError] = useState<string | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const revisionRef = useRef<HTMLTextAreaElement>(null);
  const revisionButtonRef = useRef<HTMLButtonElement>(null);
  const revisionWasOpen = useRef(false);
  const a = q.actions;

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);
  // Focus follows the revision form: into its field when it opens, back to its button when cancelled.
  useEffect(() => {
    if (revisionOpen) {
      revisionWasOpen.current = true;
      revisionRef.current?.focus();
    } else if (revisionWasOpen.current) {
      revisionWasOpen.current = false;
      revisionButtonRef.current?.focus();
    }
  }, [revisionOpen]);

  const take = (action: BuyerAction, comment?: string, after?: () => void) => {
    setDone('');
    setError(null);
    setPending(action);
    act.mutate(
      { action, comment },
      {
        onSuccess: () => {
          setDone(DONE[action]);
          after?.();
        },
        onError: (e) => {
          const problem = isApiProblem(e) ? e : null;
          if (action === 'request-revision' && problem?.fieldErrors.comment) {
            setRevisionError(problem.fieldErrors.comment);
            revisionRef.current?.focus();
            return;
          }
          setError({ text: problemText(e), problem });
        },
        onSettled: () => {
          setPending(null);
          if (action === 'close') setConfirmClose(false);
        },
      },
    );
  };

  const sendRevision = (event: React.FormEvent) => {
    event.preventDefault();
    const text = revision.trim();
    if (!text) {
      setRevisionError('Tell sales what should change: quantities, prices, delivery, anything.');
      revisionRef.current?.focus();
      return;
    }
    if (text.length > MAX_COMMENT) {
      setRevisionError(`Keep it to ${MAX_COMMENT.toLocaleString('en-US')} characters.`);
      revisionRef.current?.focus();
      return;
    }
    setRevisionError(null);
    take('request-revision', text, () => {
      setRevision('');
      setRevisionOpen(false);
    });
  };

  const busy = pending !== null;
  const stale = error?.problem && ['invalid_transition', 'quotation_expired', 'quotation_not_payable'].includes(error.problem.code);

  return (
    <section className="q-panel" aria-labelledby="q-actions-heading">
      <h2 id="q-actions-heading" className="visually-hidden">
        What you can do
      </h2>
      {error && (
        <div ref={errorRef} tabIndex={-1} role="alert" className="form-alert form-alert--error q-panel__alert">
          <p>{error.text}</p>
          {stale && (
            <Button variant="secondary" size="sm" onClick={onReload}>
              Reload the quotation
            </Button>
          )}
        </div>
      )}
      <p className="q-live q-live--note" role="status">
        {done}
      </p>

      {a.submit && (
        <form
          className="q-form"
          aria-label="Submit to sales"
          onSubmit={(e) => {
            e.preventDefault();
            take('submit', note, () => setNote(''));
          }}
        >
          <Textarea
            label="Note for sales (optional)"
            hint="Quantities you may order later, delivery dates, the price you have in mind…"
            value={note}
            maxLength={MAX_COMMENT}
            onChange={(e) => setNote(e.target.value)}
          />
          <div className="q-actions">
            <Button type="submit" loading={pending === 'submit'} disabled={busy && pending !== 'submit'}>
              {pending === 'submit' ? 'Submitting…' : 'Submit to sales'}
            </Button>
          </div>
        </form>
      )}

      <div className="q-actions">
        {a.pay && (
          <Link className={buttonClassName({ size: 'lg' })} to={paymentPath(q.number)}>
            Pay now
          </Link>
        )}
        {a.accept && (
          <Button size="lg" loading={pending === 'accept'} disabled={busy && pending !== 'accept'} onClick={() => take('accept')}>
            {pending === 'accept' ? 'Accepting…' : 'Accept prices'}
          </Button>
        )}
        {a.request_revision && !revisionOpen && (
          <Button ref={revisionButtonRef} variant="secondary" disabled={busy} onClick={() => setRevisionOpen(true)}>
            Request a revision
          </Button>
        )}
        {q.status === 'ordered' && q.order_number && (
          <Link className={buttonClassName({ variant: 'secondary' })} to={`/order/${encodeURIComponent(q.order_number)}`}>
            View order {q.order_number}
          </Link>
        )}
        {a.buy_at_catalogue_price && <BuyAtCataloguePrices lines={q.lines} />}
        <a
          className={buttonClassName({ variant: 'ghost' })}
          href={`/api/v1/quotations/${encodeURIComponent(q.number)}/quotation.pdf`}
          target="_blank"
          rel="noreferrer"
        >
          Download PDF<span className="visually-hidden"> of quotation {q.number}</span>
        </a>
        {a.close && (
          <Button variant="ghost" disabled={busy} onClick={() => setConfirmClose(true)}>
            Close quotation
          </Button>
        )}
      </div>

      {a.request_revision && revisionOpen && (
        <form className="q-form" aria-label="Request a revision" onSubmit={sendRevision} noValidate>
          <Textarea
            ref={revisionRef}
            label="What should change?"
            hint="Sales read this and send new prices. Required."
            required
            value={revision}
            maxLength={MAX_COMMENT}
            error={revisionError ?? undefined}
            onChange={(e) => setRevision(e.target.value)}
          />
          <div className="q-actions">
            <Button type="submit" loading={pending === 'request-revision'}>
              {pending === 'request-revision' ? 'Sending…' : 'Send revision request'}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setRevisionOpen(false);
                setRevisionError(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}

      <Dialog
        open={confirmClose}
        onClose={() => setConfirmClose(false)}
        title={`Close quotation ${q.number}?`}
        description="Sales stop working on it and its prices can no longer be accepted or paid. This cannot be undone; you can request a new quotation at any time."
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirmClose(false)}>
              Keep it open
            </Button>
            <Button
              variant="danger"
              loading={pending === 'close'}
              onClick={() => take('close')}
            >
              {pending === 'close' ? 'Closing…' : 'Close quotation'}
            </Button>
          </>
        }
      />
    </section>
  );
}
