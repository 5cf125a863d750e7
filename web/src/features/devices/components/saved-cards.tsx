import { useState } from 'react';
import { CardForm, type CardInput } from '@/components/payments/card-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { isApiProblem } from '@/lib/api/api-problem';
import { type CardErrors, checkCard, digitsOf, parseExpiry } from '@/lib/payments/card';
import { tokenizeCard } from '@/lib/payments/tokenize-card';
import { useDeletePaymentMethod, usePaymentMethods, useSavePaymentMethod } from '../api/payment-methods';
import type { PaymentMethod } from '../api/types';
import { problemText } from './problem-text';

const EMPTY: CardInput = { number: '', expiry: '', cvc: '' };

function AddCard({ tokenizeUrl, testMode, onDone }: { tokenizeUrl: string; testMode: boolean; onDone: () => void }) {
  const save = useSavePaymentMethod();
  const toast = useToast();
  const [card, setCard] = useState<CardInput>(EMPTY);
  const [errors, setErrors] = useState<CardErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setError(null);
    const found = checkCard(card.number, card.expiry, card.cvc);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const exp = parseExpiry(card.expiry)!;
    setBusy(true);
    try {
      // The number goes to the gateway only; our API gets its token.
      const token = await tokenizeCard(tokenizeUrl, { number: digitsOf(card.number), exp_month: exp.month, exp_year: exp.year, cvc: card.cvc });
      const saved = await save.mutateAsync(token.id);
      toast.show({ message: `${saved.brand} ending ${saved.last4} is saved.`, tone: 'success' });
      setCard(EMPTY);
      onDone();
    } catch (e) {
      if (isApiProblem(e) && e.code === 'validation_failed' && (e.fieldErrors.number || e.fieldErrors.cvc || e.fieldErrors.exp_year)) {
        setErrors({ number: e.fieldErrors.number, expiry: e.fieldErrors.exp_year ?? e.fieldErrors.exp_month, cvc: e.fieldErrors.cvc });
      } else {
        setError(problemText(e, 'The card couldn’t be saved. Check your connection and try again.'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="dev-card-form"
      noValidate
      aria-label="Add a card"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {testMode && (
        <p className="dev-test-mode">
          <strong>TEST MODE</strong> — use 4242 4242 4242 4242 with any future expiry and any 3-digit code. No money moves.
        </p>
      )}
      <CardForm value={card} onChange={setCard} errors={errors} />
      {error && (
        <p className="dev-alert" role="alert">
          {error}
        </p>
      )}
      <div className="dev-actions">
        <Button type="submit" size="sm" loading={busy}>
          Save card
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Saved cards for auto-renewal: add one through the gateway's tokenisation, remove one. */
export function SavedCards({ id }: { id: string }) {
  const cards = usePaymentMethods();
  const remove = useDeletePaymentMethod();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);

  return (
    <section id={id} className="dev-section" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`} className="dev-section__title">
        Saved cards
      </h2>
      <p className="dev-muted">Cards auto-renewals pay with. Only the brand, last 4 digits and expiry are kept here.</p>
      {cards.isPending ? (
        <Skeleton height="3rem" />
      ) : cards.isError ? (
        <p className="dev-alert" role="alert">
          {problemText(cards.error, 'Your saved cards didn’t load.')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void cards.refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        <>
          {cards.data.items.length === 0 ? (
            <p>No saved cards yet.</p>
          ) : (
            <ul className="dev-rows">
              {cards.data.items.map((card) => (
                <li key={card.id} className="dev-card-row">
                  <span>
                    <strong>
                      {card.brand} ending {card.last4}
                    </strong>{' '}
                    <span className="dev-muted">
                      expires {String(card.exp_month).padStart(2, '0')}/{card.exp_year}
                    </span>
                  </span>
                  <Button variant="ghost" size="sm" onClick={() => setRemoving(card)}>
                    Remove<span className="visually-hidden"> {card.brand} ending {card.last4}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {adding ? (
            <AddCard tokenizeUrl={cards.data.tokenize_url} testMode={cards.data.test_mode} onDone={() => setAdding(false)} />
          ) : cards.data.items.length < cards.data.limit ? (
            <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
              Add a card
            </Button>
          ) : (
            <p className="dev-muted">You keep {cards.data.limit} cards, the most an account can; remove one to add another.</p>
          )}
        </>
      )}
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove this card?"
        description={removing ? `${removing.brand} ending ${removing.last4}. Devices renewing with it will stop renewing automatically.` : undefined}
        actions={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                removing &&
                remove.mutate(removing.id, {
                  onSuccess: ({ stopped_auto_renew: stopped }) => {
                    setRemoving(null);
                    toast.show({
                      message:
                        stopped > 0
                          ? `The card is removed; auto-renewal is now off on ${stopped} ${stopped === 1 ? 'device' : 'devices'}.`
                          : 'The card is removed.',
                      tone: 'success',
                    });
                  },
                  onError: (e) => toast.show({ message: problemText(e, 'Removing failed. Try again.'), tone: 'error' }),
                })
              }
            >
              Remove card
            </Button>
          </>
        }
      />
    </section>
  );
}
