import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForCode } from '@/lib/api/error-messages';
import { useQuickOrder, type QuickOrderRowResult } from '../api/quick-order';
import { useSkuSuggestions } from '../api/get-sku-suggestions';
import { MAX_ROWS, parseCsv, parsePasted, SAMPLE_CSV, splitSerials, type ParseError, type QuickRow } from '../lib/quick-order-parse';
import '../cart.css';

interface EditRow {
  key: number;
  sku: string;
  qty: string;
  serials: string;
  /** The server's verdict from the last submit. */
  error?: string;
}

let nextKey = 1;
const blank = (): EditRow => ({ key: nextKey++, sku: '', qty: '1', serials: '' });
const fromParsed = (row: QuickRow): EditRow => ({
  key: nextKey++,
  sku: row.sku,
  qty: String(row.qty),
  serials: row.serials.join(' '),
});

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Suggestions for the row being typed in, offered through a shared <datalist>. */
function SkuDatalist({ id, query }: { id: string; query: string }) {
  const { data } = useSkuSuggestions(useDebounced(query, 200));
  return (
    <datalist id={id}>
      {data?.items.map((item) => (
        <option key={item.sku} value={item.sku}>
          {item.name}
        </option>
      ))}
    </datalist>
  );
}

function rowMessage(result: QuickOrderRowResult): string {
  const field = result.errors.find((item) => item.message && item.message !== result.message);
  return [result.message ?? messageForCode(result.code ?? 'validation_failed'), field?.message].filter(Boolean).join(' ');
}

/** `/quick-order`: up to 200 rows of SKU + quantity (+ serials) by typing, pasting or a CSV file (SPEC §5). */
export function QuickOrderPage() {
  const listId = useId();
  const [rows, setRows] = useState<EditRow[]>(() => [blank(), blank(), blank()]);
  const [active, setActive] = useState('');
  const [paste, setPaste] = useState('');
  const [parseErrors, setParseErrors] = useState<ParseError[]>([]);
  const [summary, setSummary] = useState<string | null>(null);
  const quick = useQuickOrder();
  const sampleHref = useMemo(() => `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_CSV)}`, []);
  const filled = rows.filter((row) => row.sku.trim() !== '');

  function update(key: number, patch: Partial<EditRow>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch, error: undefined } : row)));
  }

  function addParsed(parsed: QuickRow[], errors: ParseError[]) {
    setParseErrors(errors);
    setRows((current) => {
      const kept = current.filter((row) => row.sku.trim() !== '');
      const merged = [...kept, ...parsed.map(fromParsed)];
      return merged.length > 0 ? merged.slice(0, MAX_ROWS) : [blank()];
    });
    if (filled.length + parsed.length > MAX_ROWS) {
      setParseErrors((current) => [
        ...current,
        { line: 0, message: `A quick order takes up to ${MAX_ROWS} rows; the rest were left out.` },
      ]);
    }
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    const parsed = parseCsv(await file.text());
    addParsed(parsed.rows, parsed.errors);
  }

  function submit() {
    setSummary(null);
    const sent = filled;
    quick.mutate(
      {
        rows: sent.map((row) => {
          const serials = splitSerials(row.serials);
          const qty = Number.parseInt(row.qty, 10);
          return serials.length > 0
            ? { sku: row.sku.trim(), serials }
            : { sku: row.sku.trim(), qty: Number.isFinite(qty) ? qty : 0 };
        }),
      },
      {
        onSuccess: (result) => {
          const failed = new Map<number, string>();
          for (const item of result.results) {
            if (item.status === 'invalid') for (const index of item.rows) failed.set(index, rowMessage(item));
          }
          const remaining = sent
            .map((row, index) => ({ ...row, error: failed.get(index) }))
            .filter((row) => row.error !== undefined);
          setRows(remaining.length > 0 ? remaining : [blank()]);
          setSummary(
            `${result.added} ${result.added === 1 ? 'product was' : 'products were'} added to your cart.` +
              (result.invalid > 0
                ? ` ${result.invalid} ${result.invalid === 1 ? 'row needs' : 'rows need'} attention (shown below).`
                : ''),
          );
        },
      },
    );
  }

  const requestError = quick.error
    ? isApiProblem(quick.error)
      ? (quick.error.detail ?? messageForCode(quick.error.code))
      : 'The rows could not be sent. Try again.'
    : null;

  return (
    <div className="container quick-order">
      <title>Quick order — Uplink</title>
      <h1>Quick order</h1>
      <p className="quick-order__intro">
        Add many products at once by SKU: type them below, paste lines such as <code>AP-ONE-AX, 5</code>, or upload a CSV
        file with the header <code>sku,qty</code> (and optionally <code>serials</code>). Up to {MAX_ROWS} rows; the same
        SKU twice is added up.
      </p>

      <section className="quick-order__imports" aria-label="Paste or upload">
        <div className="quick-order__paste">
          <label htmlFor="quick-paste" className="ui-field__label">
            Paste lines (<code>SKU, qty</code> or <code>SKU qty</code>, one per line)
          </label>
          <textarea
            id="quick-paste"
            className="ui-input quick-order__textarea"
            rows={4}
            value={paste}
            onChange={(event) => setPaste(event.target.value)}
          />
          <Button
            variant="secondary"
            onClick={() => {
              const parsed = parsePasted(paste);
              addParsed(parsed.rows, parsed.errors);
              if (parsed.errors.length === 0) setPaste('');
            }}
          >
            Add pasted lines
          </Button>
        </div>
        <div className="quick-order__upload">
          <label htmlFor="quick-csv" className="ui-field__label">
            Upload a CSV file
          </label>
          <input
            id="quick-csv"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              void onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <a href={sampleHref} download="quick-order-sample.csv">
            Download a sample CSV
          </a>
        </div>
      </section>
      {parseErrors.length > 0 && (
        <div className="cart-notice" role="alert">
          <p>Some lines could not be read:</p>
          <ul>
            {parseErrors.map((error, index) => (
              <li key={index}>{error.line > 0 ? `Line ${error.line}: ${error.message}` : error.message}</li>
            ))}
          </ul>
        </div>
      )}

      <SkuDatalist id={listId} query={active} />
      <table className="quick-order__table">
        <caption className="visually-hidden">Products to add</caption>
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Quantity</th>
            <th scope="col">Serial numbers (licences)</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.key} className={row.error ? 'quick-order__row--invalid' : undefined} data-testid="quick-row">
              <td>
                <input
                  className="ui-input"
                  aria-label={`SKU, row ${index + 1}`}
                  list={listId}
                  autoComplete="off"
                  spellCheck={false}
                  value={row.sku}
                  onFocus={() => setActive(row.sku)}
                  onChange={(event) => {
                    update(row.key, { sku: event.target.value });
                    setActive(event.target.value);
                  }}
                  aria-invalid={row.error ? true : undefined}
                  aria-describedby={row.error ? `row-error-${row.key}` : undefined}
                />
                {row.error && (
                  <p id={`row-error-${row.key}`} className="ui-field__error" data-testid="row-error">
                    {row.error}
                  </p>
                )}
              </td>
              <td>
                <input
                  className="ui-input quick-order__qty"
                  aria-label={`Quantity, row ${index + 1}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={row.qty}
                  onChange={(event) => update(row.key, { qty: event.target.value })}
                />
              </td>
              <td>
                <input
                  className="ui-input"
                  aria-label={`Serial numbers, row ${index + 1}`}
                  placeholder="XXXX-XXXX-XXXX …"
                  autoComplete="off"
                  spellCheck={false}
                  value={row.serials}
                  onChange={(event) => update(row.key, { serials: event.target.value })}
                />
              </td>
              <td>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setRows((current) => (current.length > 1 ? current.filter((r) => r.key !== row.key) : [blank()]))}
                >
                  Remove<span className="visually-hidden"> row {index + 1}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="quick-order__actions">
        <Button variant="secondary" disabled={rows.length >= MAX_ROWS} onClick={() => setRows((current) => [...current, blank()])}>
          Add a row
        </Button>
        <Button onClick={submit} loading={quick.isPending} disabled={filled.length === 0}>
          Add all valid rows to cart
        </Button>
      </div>
      <div aria-live="polite">
        {summary && (
          <p className="quick-order__summary" data-testid="quick-summary">
            {summary} <Link to="/cart">Go to your cart</Link>
          </p>
        )}
        {requestError && (
          <p className="ui-field__error" role="alert">
            {requestError}
          </p>
        )}
      </div>
    </div>
  );
}

export default QuickOrderPage;
