import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { getPreloadError, subscribePreloadError } from './chunk-load';
import { ChunkLoadErrorScreen } from './chunk-load-error-screen';
import { GroupBoundary, lazyGroup, type LazyGroup } from './group-boundary';
import { groupForPath, type ScreenGroup } from './screen-groups';

// Each group is its own chunk, named after its module: assets/<name>-group-<hash>.js.
const MainGroup = lazyGroup(() => import('./groups/main/main-group'));
const MobileGroup = lazyGroup(() => import('./groups/mobile/mobile-group'));
const MonitoringGroup = lazyGroup(() => import('./groups/monitoring/monitoring-group'));
const ReferralGroup = lazyGroup(() => import('./groups/referral/referral-group'));
const ReferralV2Group = lazyGroup(() => import('./groups/referral/referral-v2-group'));

const GROUPS: Record<ScreenGroup, LazyGroup<object>> = {
  MAIN: MainGroup,
  MOBILE: MobileGroup,
  MONITORING: MonitoringGroup,
  REFERRAL: ReferralGroup,
  MINISTORE_V2_REFERRAL: ReferralV2Group,
};

function GroupContent({ group }: { group: ScreenGroup }) {
  const Group = GROUPS[group];
  return <Group />;
}

/**
 * Loads the screen group of `pathname` and, where the group names it, its page there (main.tsx,
 * before the first render): the first render then shows them at once instead of their placeholders.
 * Never rejects; a failed load is the group's or the page's own error screen when it renders.
 */
export async function preloadGroupFor(pathname: string): Promise<void> {
  try {
    const group = await GROUPS[groupForPath(pathname)].preload();
    await group.preloadPage?.(pathname);
  } catch {
    // Shown where it belongs once the app renders.
  }
}

/** Picks the screen group for the current path (SPEC §11) and loads it. */
export function ScreenGroupSwitch() {
  const { pathname } = useLocation();
  const group = groupForPath(pathname);
  const preloadError = useSyncExternalStore(subscribePreloadError, getPreloadError, getPreloadError);
  if (preloadError) return <ChunkLoadErrorScreen />;
  return (
    <GroupBoundary key={group} group={group}>
      <GroupContent group={group} />
    </GroupBoundary>
  );
}
