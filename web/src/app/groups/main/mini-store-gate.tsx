import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { isApiProblem } from '@/lib/api/api-problem';
import { useStoreDetail } from '@/lib/resources/stores/get-store';
import { storeKeys } from '@/lib/resources/stores/query-keys';
import {
  enterMiniStore,
  isStoreCode,
  miniStoreKeyOf,
  readChosenStore,
  readMiniStoreKey,
  STORE_PARAM,
  writeStoreCookie,
} from '@/lib/store-cookie';
import { leaveForMainStore } from './store-exit';
import { useMiniStoreKey } from '@/lib/resources/stores/use-mini-store';

/** Holds the page's place while the store is checked (the same block the pages' own loading shows). */
function Pending() {
  return <div className="page-fallback" aria-busy="true" />;
}

type Unavailable = 'paused' | 'unknown' | 'failed';

/**
 * The whole page for a mini-store that cannot be shopped: paused by its partner, unknown, or not
 * reachable right now. Nothing of another store is shown in its place: the way out is the main
 * Uplink store, on purpose.
 */
export function StoreUnavailable({ kind, onRetry }: { kind: Unavailable; onRetry?: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toMainStore = (event: React.MouseEvent) => {
    event.preventDefault();
    leaveForMainStore(queryClient);
    void navigate('/', { replace: true });
  };
  const title =
    kind === 'paused' ? 'This store is closed for now' : kind === 'unknown' ? 'We can’t find this store' : 'We couldn’t open this store';
  const text =
    kind === 'paused'
      ? 'The partner who runs this store has paused it. Everything it sold is in the main Uplink store; you can also ask the partner when it opens again.'
      : kind === 'unknown'
        ? 'The link you followed names no Uplink store. Check the link with whoever sent it, or shop in the main Uplink store.'
        : 'The store did not answer. Check your connection and try again, or shop in the main Uplink store.';
  return (
    <div className="main-shell store-unavailable">
      <header className="site-header">
        <div className="site-header__inner container">
          <Logo />
        </div>
      </header>
      <main id="main" className="main-shell__content" tabIndex={-1}>
        <div className="container store-unavailable__body" data-testid="store-unavailable" data-kind={kind}>
          <title>{`${title} — Uplink`}</title>
          <h1>{title}</h1>
          <p>{text}</p>
          <p className="store-unavailable__actions">
            <Link to="/" className={buttonClassName({})} onClick={toMainStore}>
              Go to the main Uplink store
            </Link>
            {kind === 'failed' && onRetry && (
              <Button variant="secondary" onClick={onRetry}>
                Try again
              </Button>
            )}
          </p>
        </div>
      </main>
    </div>
  );
}

function unavailableKind(error: unknown): Unavailable {
  if (!isApiProblem(error)) return 'failed';
  if (error.code === 'store_paused') return 'paused';
  if (error.status === 404 || error.status === 422) return 'unknown';
  return 'failed';
}

/**
 * Store selection in the web app (SPEC §3). Opening any page with `?store=KEY` enters that
 * partner mini-store: the key is checked with the server first, then kept in the store cookie for
 * the visit, every cached answer of the previous store is dropped, and the parameter leaves the
 * address bar. A key the cookie already holds is checked once per page load, so a store paused
 * meanwhile shows its closed page instead of the main store's prices (the server would silently
 * fall back to them). `?store=global|us` chooses an eStore as the store switcher does.
 */
export function MiniStoreGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cookieKey = useMiniStoreKey();
  const param = new URLSearchParams(location.search).get(STORE_PARAM);
  const value = param?.trim().toLowerCase() ?? null;
  const paramRegion = isStoreCode(value) ? value : null;
  const paramKey = miniStoreKeyOf(value);
  // The mini-store to check: the link's, else the one the visit is in (none while a link chooses an eStore).
  const key = param !== null ? paramKey : cookieKey;
  const store = useStoreDetail(key);

  useEffect(() => {
    if (param === null) return;
    const strip = () => {
      const search = new URLSearchParams(location.search);
      search.delete(STORE_PARAM);
      const rest = search.toString();
      void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash }, { replace: true });
    };
    if (paramRegion) {
      if (readMiniStoreKey() !== null || readChosenStore() !== paramRegion) {
        writeStoreCookie(paramRegion);
        void queryClient.resetQueries();
      }
      strip();
      return;
    }
    if (!paramKey || !store.data) return;
    if (readMiniStoreKey() !== paramKey) {
      enterMiniStore(paramKey);
      // Every answer of the store left behind goes; the mini-store's own details stay.
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== storeKeys.all[0] });
    }
    strip();
  }, [param, paramRegion, paramKey, store.data, location.pathname, location.search, location.hash, navigate, queryClient]);

  if (param !== null && !paramRegion && !paramKey) return <StoreUnavailable kind="unknown" />;
  if (paramRegion) return <Pending />;
  if (!key) return <>{children}</>;
  if (store.isPending) return <Pending />;
  if (store.isError) return <StoreUnavailable kind={unavailableKind(store.error)} onRetry={() => void store.refetch()} />;
  // Entered but not yet written to the cookie: the pages wait, so they never ask for the old store's prices.
  if (paramKey && cookieKey !== paramKey) return <Pending />;
  return <>{children}</>;
}
