import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { isApiProblem } from '@/lib/api/api-problem';
import { useRequestCoTerm, type CoTermAnswer } from '../api/co-term';
import type { Device } from '../api/types';
import { problemText } from './problem-text';

/** `YYYY-MM-DD` of an RFC 3339 time (UTC, as the server counts days). */
function day(iso: string): string {
  return iso.slice(0, 10);
}

/**
 * Co-term (SPEC §8): the devices ticked in the list, brought to one coverage end date.
 * Without an external co-term service, Uplink submits a quotation with each device's
 * renewal prorated to the date and opens it; with one, the buyer continues there.
 */
export function CoTermPanel({ selected, onClear }: { selected: Device[]; onClear: () => void }) {
  const navigate = useNavigate();
  const request = useRequestCoTerm();
  const [endDate, setEndDate] = useState('');
  const [note, setNote] = useState('');
  const [external, setExternal] = useState<CoTermAnswer | null>(null);
  const headingId = useId();
  const latest = selected.map((d) => day(d.warranty_ends_at)).sort().at(-1) ?? '';
  const enough = selected.length >= 2;

  const submit = () => {
    request.mutate(
      { serials: selected.map((d) => d.serial), end_date: endDate || null, note: note || null },
      {
        onSuccess: (answer) => {
          if (answer.quotation_number) {
            void navigate(`/account/quotation/${answer.quotation_number}`);
          } else {
            setExternal(answer);
          }
        },
      },
    );
  };
  const fieldError =
    request.error && isApiProblem(request.error) ? request.error.errors?.find((e) => e.field === 'end_date')?.message : undefined;

  return (
    <section className="dev-coterm" aria-labelledby={headingId}>
      <h3 id={headingId} className="dev-coterm__title">
        Co-term quotation · {selected.length} {selected.length === 1 ? 'device' : 'devices'} selected
      </h3>
      <p className="dev-coterm__lead">
        Bring the selected devices’ coverage to one end date: each renewal is priced for the days it adds, and sales confirm the prices.
      </p>
      {!enough && <p className="dev-coterm__hint">Select at least one more device.</p>}
      {external?.external_url ? (
        <div className="dev-coterm__external" role="status">
          <p>Co-term quotations are handled by our co-term service. Continue there with your devices; it returns you to its thank-you page.</p>
          <a className={buttonClassName({ variant: 'primary', size: 'md' })} href={external.external_url}>
            Continue to the co-term service
          </a>
        </div>
      ) : (
        <div className="dev-coterm__form">
          <Input
            type="date"
            label="Common end date"
            hint={latest ? `Leave empty for the latest current expiry (${latest}).` : undefined}
            min={latest || undefined}
            value={endDate}
            onChange={(e) => setEndDate(e.target.value)}
            error={fieldError}
          />
          <Textarea label="Note for sales (optional)" value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} rows={2} />
          {request.isError && !fieldError && (
            <p className="dev-alert" role="alert">
              {problemText(request.error, 'The co-term request didn’t go through. Try again.')}
            </p>
          )}
          <div className="dev-actions">
            <Button onClick={submit} disabled={!enough || request.isPending} aria-busy={request.isPending || undefined}>
              {request.isPending ? 'Requesting…' : 'Request co-term quotation'}
            </Button>
            <Button variant="ghost" onClick={onClear}>
              Clear selection
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
