import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiProblem } from '@/lib/api/api-problem';
import { csrfHeaders } from '@/lib/csrf';
import { cartKeys } from '@/lib/resources/cart/query-keys';

export interface ReorderLine {
  sku: string;
  qty: number;
  serials: string[];
  options: Record<string, string>;
}

/** Adds an order's lines to the cart again; reports the lines that could not be added. */
export async function reorder(lines: ReorderLine[]): Promise<{ added: number; failed: { sku: string; reason: string }[] }> {
  let added = 0;
  const failed: { sku: string; reason: string }[] = [];
  for (const l of lines) {
    try {
      const res = await fetch('/api/v1/cart/lines', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...csrfHeaders() },
        body: JSON.stringify({ sku: l.sku, qty: l.serials.length ? null : l.qty, serials: l.serials, options: l.options }),
      });
      if (!res.ok) throw ApiProblem.fromBody(res.status, await res.json().catch(() => undefined));
      added += 1;
    } catch (e) {
      failed.push({ sku: l.sku, reason: e instanceof ApiProblem ? (e.detail ?? e.code) : 'could not be added' });
    }
  }
  return { added, failed };
}

export function useReorder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorder,
    onSettled: () => client.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
