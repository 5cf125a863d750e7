import type { QueryClient } from '@tanstack/react-query';
import { leaveMiniStore } from '@/lib/store-cookie';

/**
 * Leaves the mini-store for the main Uplink store: the cookie goes and every cached answer is
 * dropped (not just marked stale), so no mini-store price or product is shown while the main
 * store's load.
 */
export function leaveForMainStore(queryClient: QueryClient): void {
  leaveMiniStore();
  void queryClient.resetQueries();
}
