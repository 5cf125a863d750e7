/**
 * Location state for a navigation that changes only the query yet shows new content that is read
 * from the top: a pager's previous or next page. The scroll manager (app/scroll-manager.tsx) keeps
 * the scroll position when only the query or hash changes (listing filters, product tabs and
 * variants rewrite the query in place); a navigation carrying this state goes to the top instead.
 *
 *   <Link to="?page=2" state={SCROLL_TO_TOP}>   ·   setParams(next, { state: SCROLL_TO_TOP })
 */
export const SCROLL_TO_TOP = { scrollToTop: true } as const;

/** Whether a location's state is `SCROLL_TO_TOP`. */
export function asksForTop(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { scrollToTop?: unknown }).scrollToTop === true;
}
