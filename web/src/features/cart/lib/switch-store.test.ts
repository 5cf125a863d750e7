import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProblem } from '@/lib/api/api-problem';
import { mockApi, problem } from '@/testing/api-mock';
import { cart } from '@/testing/fixtures';
import { moveCartToStore, mustChangeStore } from './switch-store';

afterEach(() => vi.unstubAllGlobals());

const body = {
  code: 'must_change_store',
  detail: 'switch',
  target_store: 'us',
  current_store: 'global',
  item_count: 4,
  lines: [
    { sku: 'MAX-BR1-PRO-5G-PRM', qty: 1, options: { setup: 'preconfig' }, serials: [], iccid: null },
    { sku: 'UL-EDGE1-LTE-GL', qty: 2, options: {}, serials: [], iccid: null },
    { sku: 'LIC-SF-BOND', qty: 1, options: {}, serials: ['1824-AAAA-0001'], iccid: null },
  ],
};

describe('switching store with a full cart', () => {
  it('reads the prompt from the problem', () => {
    const prompt = mustChangeStore(ApiProblem.fromBody(409, body));
    expect(prompt?.targetStore).toBe('us');
    expect(prompt?.itemCount).toBe(4);
    expect(prompt?.lines[0]).toEqual({ sku: 'MAX-BR1-PRO-5G-PRM', options: { setup: 'preconfig' }, qty: 1 });
    expect(prompt?.lines[2]).toEqual({ sku: 'LIC-SF-BOND', options: {}, serials: ['1824-AAAA-0001'] });
    expect(mustChangeStore(ApiProblem.fromBody(422, { code: 'validation_failed' }))).toBeNull();
  });

  it('re-adds every line in the target store, reports refusals, then empties the old cart', async () => {
    const { calls } = mockApi({
      'POST /api/v1/cart/lines': (call) =>
        (call.body as { sku: string }).sku === 'UL-EDGE1-LTE-GL' ? problem(422, 'not_sold_in_store') : cart([]),
      'DELETE /api/v1/cart': () => cart([]),
    });
    const failed = await moveCartToStore(mustChangeStore(ApiProblem.fromBody(409, body))!);
    expect(failed).toEqual([{ sku: 'UL-EDGE1-LTE-GL', reason: 'not_sold_in_store detail' }]);
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(3);
    expect(posts.every((call) => call.url.searchParams.get('store') === 'us')).toBe(true);
    const clear = calls.find((call) => call.method === 'DELETE');
    expect(clear?.url.searchParams.get('store')).toBe('global');
  });
});
