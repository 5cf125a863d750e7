import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { getPreloadError, subscribePreloadError } from './chunk-load';
import { ChunkLoadErrorScreen } from './chunk-load-error-screen';
import { GroupBoundary, lazyGroup } from './group-boundary';
import { groupForPath, type ScreenGroup } from './screen-groups';

// Each group is its own chunk, named after its module: assets/<name>-group-<hash>.js.
const MainGroup = lazyGroup(() => import('./groups/main/main-group'));
const MobileGroup = lazyGroup(() => import('./groups/mobile/mobile-group'));
const MonitoringGroup = lazyGroup(() => import('./groups/monitoring/monitoring-group'));
const ReferralGroup = lazyGroup(() => import('./groups/referral/referral-group'));
const ReferralV2Group = lazyGroup(() => import('./groups/referral/referral-v2-group'));

function GroupContent({ group }: { group: ScreenGroup }) {
  switch (group) {
    case 'MOBILE':
      return <MobileGroup />;
    case 'MONITORING':
      return <MonitoringGroup />;
    case 'MINISTORE_V2_REFERRAL':
      return <ReferralV2Group />;
    case 'REFERRAL':
      return <ReferralGroup />;
    case 'MAIN':
      return <MainGroup />;
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
