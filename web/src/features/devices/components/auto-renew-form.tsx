import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useMe } from '@/lib/resources/me/get-me';
import { formatDay } from '@/lib/time-format';
import { usePaymentMethods } from '../api/payment-methods';
import { useSetAutoRenew } from '../api/set-auto-renew';
import type { Device } from '../api/types';
import { problemText } from './problem-text';

/** The choice as the form keeps it: off, a saved card's id, or credit terms. */
type Choice = 'off' | 'credit_terms' | `card:${string}`;

function choiceOf(device: Device): Choice {
  const renew = device.auto_renew;
  if (!renew.enabled) return 'off';
  if (renew.method === 'credit_terms') return 'credit_terms';
  return renew.card ? `card:${renew.card.id}` : 'off';
}

/** Auto-renewal on or off, paid with a saved card or credit terms; the last failure shown. */
export function AutoRenewForm({ device, cardsAnchor }: { device: Device; cardsAnchor: string }) {
  const me = useMe();
  const cards = usePaymentMethods();
  const save = useSetAutoRenew();
  const toast = useToast();
  const [choice, setChoice] = useState<Choice>(choiceOf(device));
  const [error, setError] = useState<string | null>(null);
  const hasTerms = Boolean(me.data?.credit_terms);
  const saved = cards.data?.items ?? [];
  const name = `renew-${device.serial}`;

  function submit() {
    setError(null);
    const body =
      choice === 'off'
        ? { enabled: false }
        : choice === 'credit_terms'
          ? { enabled: true, method: 'credit_terms' as const }
          : { enabled: true, method: 'card' as const, card_id: choice.slice(5) };
    save.mutate(
      { serial: device.serial, body },
      {
        onSuccess: (updated) =>
          toast.show({
            message: updated.auto_renew.enabled ? 'Auto-renewal is on.' : 'Auto-renewal is off.',
            tone: 'success',
          }),
        onError: (e) => setError(problemText(e)),
      },
    );
  }

  return (
    <form
      className="dev-renew"
      aria-labelledby={`${name}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 id={`${name}-title`} className="dev-detail__subtitle">
        Auto-renewal
      </h3>
      <p className="dev-muted">The renewal order is created and paid 7 days before the coverage ends.</p>
      {device.auto_renew.last_failure && (
        <p className="dev-alert" role="status">
          The last renewal failed on {formatDay(device.auto_renew.last_failure.at)}: {device.auto_renew.last_failure.reason} Choose another
          way to pay, or renew by hand below.
        </p>
      )}
      <fieldset className="dev-renew__choices">
        <legend className="visually-hidden">How renewals are paid</legend>
        <label className="dev-check">
          <input type="radio" name={name} checked={choice === 'off'} onChange={() => setChoice('off')} />
          <span>Off — I’ll renew myself</span>
        </label>
        {saved.map((card) => (
          <label key={card.id} className="dev-check">
            <input type="radio" name={name} checked={choice === `card:${card.id}`} onChange={() => setChoice(`card:${card.id}`)} />
            <span>
              {card.brand} ending {card.last4} (expires {String(card.exp_month).padStart(2, '0')}/{card.exp_year})
            </span>
          </label>
        ))}
        {hasTerms && (
          <label className="dev-check">
            <input type="radio" name={name} checked={choice === 'credit_terms'} onChange={() => setChoice('credit_terms')} />
            <span>Credit terms (invoiced to your company)</span>
          </label>
        )}
      </fieldset>
      {saved.length === 0 && !hasTerms && (
        <p className="dev-muted">
          To renew automatically, <Link to={`#${cardsAnchor}`}>save a card</Link> first.
        </p>
      )}
      {error && (
        <p className="dev-alert" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" variant="secondary" size="sm" loading={save.isPending} disabled={choice === choiceOf(device)}>
        Save auto-renewal
      </Button>
    </form>
  );
}
