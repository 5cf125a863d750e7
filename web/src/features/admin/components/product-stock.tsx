import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { formatDateTime } from '@/lib/time-format';
import { useAdjustStock, useStockHistory } from '../api/products';
import type { AdminProduct, CatalogReference, StockAdjustmentRequest } from '../api/types';

/** Stock per warehouse, a correction with its reason (`POST …/stock-adjustments`), and the history of corrections. */
export function ProductStock({ product, reference, onSaved }: { product: AdminProduct; reference: CatalogReference; onSaved: (message: string) => void }) {
  const adjust = useAdjustStock(product.id);
  const history = useStockHistory(product.id);
  const [warehouse, setWarehouse] = useState(reference.warehouses[0]?.value ?? 'Global');
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState(reference.stock_reasons[0]?.value ?? 'received');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = () => {
    setFailure(null);
    if (!/^-?\d{1,7}$/.test(delta.trim()) || Number(delta) === 0) {
      setErrors({ delta: 'Enter the units to add, or a negative number to remove (not 0).' });
      return;
    }
    setErrors({});
    adjust.mutate(
      { warehouse, delta: Number(delta), reason: reason as StockAdjustmentRequest['reason'], note: note.trim() || undefined },
      {
        onSuccess: (a) => {
          setDelta('');
          setNote('');
          onSaved(`Stock in ${a.warehouse} is now ${a.on_hand_after} on hand (${a.available_after} available).`);
        },
        onError: (error) => {
          const problem = isApiProblem(error) ? error : null;
          setErrors({ ...(problem?.fieldErrors ?? {}) });
          setFailure(
            problem?.code === 'insufficient_stock'
              ? 'There isn’t that much stock to remove in this warehouse. Remove fewer units.'
              : `Stock was not changed. ${problem ? (problem.errors.length ? 'Fix what is marked.' : (problem.detail ?? messageForProblem(problem))) : 'Check your connection and try again.'}`,
          );
        },
      },
    );
  };

  return (
    <Card as="section" aria-labelledby="stock-h" className="admin-section">
      <h2 id="stock-h">Stock</h2>
      <table className="data-table" data-testid="stock-levels">
        <thead>
          <tr>
            <th scope="col">Warehouse</th>
            <th scope="col" className="data-table__num">
              On hand
            </th>
            <th scope="col" className="data-table__num">
              Available
            </th>
          </tr>
        </thead>
        <tbody>
          {reference.warehouses.map((w) => {
            const level = product.stock.find((s) => s.warehouse === w.value);
            return (
              <tr key={w.value}>
                <th scope="row">{w.label}</th>
                <td data-label="On hand" className="data-table__num">
                  {level?.on_hand ?? 0}
                </td>
                <td data-label="Available" className="data-table__num">
                  {level?.available ?? 0}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <h3>Adjust stock</h3>
      <div className="admin-toolbar">
        <Select label="Warehouse" value={warehouse} onChange={(e) => setWarehouse(e.target.value)} options={reference.warehouses} error={errors.warehouse} />
        <Input label="Units (+ or −)" inputMode="numeric" value={delta} onChange={(e) => setDelta(e.target.value)} error={errors.delta} />
        <Select label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} options={reference.stock_reasons} error={errors.reason} />
        <Input label="Note" hint={reason === 'correction' ? 'Required for a correction.' : 'Optional.'} value={note} onChange={(e) => setNote(e.target.value)} error={errors.note} />
      </div>
      {failure && (
        <p className="form-alert form-alert--error" role="alert">
          {failure}
        </p>
      )}
      <Button variant="secondary" loading={adjust.isPending} onClick={submit}>
        Record the adjustment
      </Button>
      {history.data && history.data.items.length > 0 && (
        <table className="data-table stock-history">
          <caption>Recent adjustments</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Warehouse</th>
              <th scope="col" className="data-table__num">
                Change
              </th>
              <th scope="col">Reason</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {history.data.items.slice(0, 20).map((a) => (
              <tr key={a.id}>
                <td data-label="When">{formatDateTime(a.at)}</td>
                <td data-label="Warehouse">{a.warehouse}</td>
                <td data-label="Change" className="data-table__num">
                  {a.delta > 0 ? `+${a.delta}` : a.delta} → {a.on_hand_after}
                </td>
                <td data-label="Reason">
                  {a.reason}
                  {a.note ? <span className="muted"> — {a.note}</span> : null}
                </td>
                <td data-label="By">{a.by}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
