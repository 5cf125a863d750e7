/** The five screen groups of SPEC §11 (fixed route names). */
export type ScreenGroup = 'MOBILE' | 'MONITORING' | 'MINISTORE_V2_REFERRAL' | 'REFERRAL' | 'MAIN';

/** True when `pathname` is `prefix` itself or lies beneath it (`/mobile`, `/mobile/…`, not `/mobilex`). */
function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Which screen group a path belongs to; pure, so the router and tests agree. */
export function groupForPath(pathname: string): ScreenGroup {
  if (isUnder(pathname, '/mobile')) return 'MOBILE';
  if (pathname === '/monitoring' || pathname === '/monitoring/') return 'MONITORING';
  if (isUnder(pathname, '/m/v2/referral')) return 'MINISTORE_V2_REFERRAL';
  if (isUnder(pathname, '/m/referral')) return 'REFERRAL';
  return 'MAIN';
}
