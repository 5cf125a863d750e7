import { api, unwrap } from '@/lib/api/client';
import type { ApiProblem } from '@/lib/api/api-problem';
import type { AddLineBody } from '@/lib/resources/cart/types';

/** What a `must_change_store` problem carries (see the cart API). */
export interface MustChangeStore {
  targetStore: string;
  currentStore: string;
  itemCount: number;
  lines: AddLineBody[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads the switch prompt's facts from the problem (null for other problems). */
export function mustChangeStore(problem: ApiProblem | null | undefined): MustChangeStore | null {
  if (!problem || problem.code !== 'must_change_store') return null;
  const ext = problem.extensions;
  const target = typeof ext.target_store === 'string' ? ext.target_store : null;
  if (!target) return null;
  const lines = Array.isArray(ext.lines) ? ext.lines.filter(isRecord) : [];
  return {
    targetStore: target,
    currentStore: typeof ext.current_store === 'string' ? ext.current_store : '',
    itemCount: typeof ext.item_count === 'number' ? ext.item_count : 0,
    lines: lines.map((line) => {
      const serials = Array.isArray(line.serials) ? line.serials.filter((s): s is string => typeof s === 'string') : [];
      const options = isRecord(line.options)
        ? Object.fromEntries(Object.entries(line.options).filter((e): e is [string, string] => typeof e[1] === 'string'))
        : {};
      const body: AddLineBody = { sku: typeof line.sku === 'string' ? line.sku : '', options };
      if (serials.length > 0) body.serials = serials;
      else body.qty = typeof line.qty === 'number' ? line.qty : 1;
      if (typeof line.iccid === 'string') body.iccid = line.iccid;
      return body;
    }),
  };
}

export interface NotReAdded {
  sku: string;
  reason: string;
}

/**
 * PROMPT_CLEAR_CART confirmed: re-adds every line in the target store (reporting
 * those it does not sell or cannot take), then empties the old store's cart.
 */
export async function moveCartToStore(prompt: MustChangeStore): Promise<NotReAdded[]> {
  const failed: NotReAdded[] = [];
  for (const line of prompt.lines) {
    try {
      await unwrap(
        api.POST('/api/v1/cart/lines', { params: { query: { store: prompt.targetStore } }, body: line }),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'could not be added';
      failed.push({ sku: line.sku, reason });
    }
  }
  if (prompt.currentStore) {
    await unwrap(api.DELETE('/api/v1/cart', { params: { query: { store: prompt.currentStore } } }));
  }
  return failed;
}
