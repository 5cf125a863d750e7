import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, lazy, Suspense, useEffect, useRef } from 'react';
import { Link, NavLink, Route, useLocation, useNavigate } from 'react-router';
import { AppRoutes } from '@/lib/sentry-routes';
import { SkipLink } from '@/components/ui/skip-link';
import { isApiProblem } from '@/lib/api/api-problem';
import { useCurrentUser } from '@/lib/auth/session';
import { useCartCount } from '@/lib/resources/cart/get-cart';
import { referralKeys, useReferralStore } from '@/lib/resources/referrals';
import { storeKeys } from '@/lib/resources/stores/query-keys';
import { useShareLinkParam } from '@/lib/referrals/use-referral-link';
import { enterMiniStore, leaveMiniStore, miniStoreKeyOf, readMiniStoreKey, STORE_PARAM } from '@/lib/store-cookie';
import { NotFoundContent } from '../../not-found-content';
import { DEFAULT_ELIGIBLE_TYPES, groupPath, type ReferralScope, ReferralScopeContext, useReferralScope } from './referral-context';
import { ReferralHomePage } from './referral-home-page';
import './referral.css';

// The store's pages load on demand (the welcome page comes with the group).
const ReferralProductsPage = lazy(() => import('./referral-products-page').then((m) => ({ default: m.ReferralProductsPage })));
const ReferralCartPage = lazy(() => import('./referral-cart-page').then((m) => ({ default: m.ReferralCartPage })));
const ReferralCheckoutPage = lazy(() => import('./referral-checkout-page').then((m) => ({ default: m.ReferralCheckoutPage })));
const ReferralSuccessPage = lazy(() => import('./referral-success-page').then((m) => ({ default: m.ReferralSuccessPage })));
const ReferralSignInPage = lazy(() => import('./referral-sign-in-page').then((m) => ({ default: m.ReferralSignInPage })));

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function Header() {
  const scope = useReferralScope();
  const count = useCartCount();
  const { user } = useCurrentUser();
  const location = useLocation();
  const logo = scope.store?.store.branding.logo_url;
  const here = `${location.pathname}${location.search}`;
  return (
    <header className="ministore__header">
      <div className="ministore__header-inner">
        <Link to={groupPath(scope)} className="ministore__brand">
          {logo && <img className="ministore__logo" src={logo} alt="" height={28} />}
          <span className="ministore__name">{scope.displayName}</span>
        </Link>
        <nav className="ministore__nav" aria-label="Referral store">
          <NavLink to={groupPath(scope, 'products')}>Products</NavLink>
          <NavLink to={groupPath(scope, 'cart')} data-testid="referral-cart-link">
            Cart{count ? ` (${count})` : ''}
          </NavLink>
          {user ? (
            <span className="ministore__who" data-testid="referral-signed-in">
              {user.name.split(' ')[0]}
            </span>
          ) : (
            <Link to={`${groupPath(scope, 'sso/callback')}?${new URLSearchParams({ return_to: here }).toString()}`}>Sign in</Link>
          )}
        </nav>
      </div>
    </header>
  );
}

/** Focus goes to the page's content after moving between the group's pages. */
function useFocusMain() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

function Shell({ scope }: { scope: ReferralScope }) {
  useShareLinkParam();
  useFocusMain();
  const accent = scope.store?.store.branding.accent_color;
  const style = (accent && HEX_COLOUR.test(accent) ? { '--accent': accent } : undefined) as CSSProperties | undefined;
  const rel = scope.base.slice(1);
  return (
    <ReferralScopeContext.Provider value={scope}>
      <div className="ministore" style={style} data-version={scope.version}>
        <SkipLink />
        <Header />
        <main id="main" className="ministore__content" tabIndex={-1}>
          <Suspense fallback={<div className="page-fallback" aria-busy="true" />}>
          <AppRoutes>
            <Route path={rel}>
              <Route index element={<ReferralHomePage />} />
              <Route path="products" element={<ReferralProductsPage />} />
              <Route path="cart" element={<ReferralCartPage />} />
              <Route path="checkout" element={<ReferralCheckoutPage />} />
              <Route path="checkout-success" element={<ReferralSuccessPage />} />
              <Route path="sso/callback" element={<ReferralSignInPage />} />
              <Route path="*" element={<NotFoundContent homeHref={groupPath(scope)} homeLabel="Back to the store" />} />
            </Route>
          </AppRoutes>
          </Suspense>
        </main>
        <footer className="ministore__footer">
          <p>
            Sold and delivered by Uplink.{' '}
            {/* A full page load, out of the referral mini-store (the cookie goes first). */}
            <a href="/" onClick={() => leaveMiniStore()}>
              Visit the main Uplink store
            </a>
          </p>
        </footer>
      </div>
    </ReferralScopeContext.Provider>
  );
}

/** A whole page for a referral store that can't be opened: no such key, paused, or not answering. */
export function ReferralStoreUnavailable({ kind, onRetry }: { kind: 'unknown' | 'paused' | 'missing' | 'failed'; onRetry?: () => void }) {
  const title =
    kind === 'paused'
      ? 'This referral store is closed for now'
      : kind === 'failed'
        ? 'We couldn’t open this referral store'
        : 'We can’t find this referral store';
  const text =
    kind === 'paused'
      ? 'Its owner has paused it. Everything it sold is in the main Uplink store, and a friend’s referral code works there too.'
      : kind === 'missing'
        ? 'The link you followed doesn’t say which referral store to open. Ask the friend who shared it for the full link, or shop in the main Uplink store.'
        : kind === 'failed'
          ? 'The store did not answer. Check your connection and try again.'
          : 'The link you followed names no Uplink referral store. Check the link with whoever sent it, or shop in the main Uplink store — a friend’s referral code works there too.';
  return (
    <div className="ministore">
      <SkipLink />
      <header className="ministore__header">
        <div className="ministore__header-inner">
          <span className="ministore__name">Uplink</span>
        </div>
      </header>
      <main id="main" className="ministore__content" tabIndex={-1}>
        <section className="ministore-page" data-testid="referral-store-unavailable" data-kind={kind} aria-labelledby="unavailable-title">
          <title>{`${title} — Uplink`}</title>
          <h1 id="unavailable-title" className="ministore-page__title">
            {title}
          </h1>
          <p className="ministore-page__text">{text}</p>
          <p className="ministore-page__actions">
            <a className="ui-button ui-button--primary ui-button--md" href="/">
              Go to the main Uplink store
            </a>
            {onRetry && (
              <button type="button" className="ui-button ui-button--secondary ui-button--md" onClick={onRetry}>
                Try again
              </button>
            )}
          </p>
        </section>
      </main>
    </div>
  );
}

function Pending() {
  return <div className="page-fallback" aria-busy="true" />;
}

/** REFERRAL (`/m/referral…`): the programme's compact store in the visitor's own store. */
export function ReferralV1() {
  return (
    <Shell
      scope={{
        version: 'v1',
        base: '/m/referral',
        store: null,
        displayName: 'Uplink Referral Store',
        eligibleTypes: DEFAULT_ELIGIBLE_TYPES,
        discountBp: null,
      }}
    />
  );
}

/**
 * MINISTORE_V2_REFERRAL (`/m/v2/referral…?store=KEY`): a referral mini-store by its key, with its
 * branding and terms. The key is checked, then kept in the store cookie for the visit (as a
 * partner mini-store is), so the cart, checkout and orders are that store's; `?store=` leaves the
 * address bar.
 */
export function ReferralV2() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const param = new URLSearchParams(location.search).get(STORE_PARAM);
  const paramKey = param === null ? null : miniStoreKeyOf(param);
  const key = param !== null ? paramKey : readMiniStoreKey();
  const store = useReferralStore(key);
  const entered = store.data && readMiniStoreKey() === key;

  useEffect(() => {
    if (!store.data || !key) return;
    if (readMiniStoreKey() !== key) {
      enterMiniStore(key);
      void queryClient.resetQueries({
        predicate: (query) => query.queryKey[0] !== storeKeys.all[0] && query.queryKey[0] !== referralKeys.all[0],
      });
    }
    if (param !== null) {
      const search = new URLSearchParams(location.search);
      search.delete(STORE_PARAM);
      const rest = search.toString();
      void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash }, { replace: true });
    }
  }, [store.data, key, param, location.pathname, location.search, location.hash, navigate, queryClient]);

  if (param !== null && !paramKey) return <ReferralStoreUnavailable kind="unknown" />;
  if (!key) return <ReferralStoreUnavailable kind="missing" />;
  if (store.isError) {
    const e = store.error;
    const kind = isApiProblem(e) ? (e.code === 'store_paused' ? 'paused' : e.status === 404 || e.status === 422 ? 'unknown' : 'failed') : 'failed';
    return <ReferralStoreUnavailable kind={kind} onRetry={kind === 'failed' ? () => void store.refetch() : undefined} />;
  }
  if (!store.data || !entered) return <Pending />;
  const data = store.data;
  return (
    <Shell
      scope={{
        version: 'v2',
        base: '/m/v2/referral',
        store: data,
        displayName: data.store.branding.display_name || data.store.name,
        eligibleTypes: data.terms.eligible_types ?? DEFAULT_ELIGIBLE_TYPES,
        discountBp: data.terms.referee_discount_bp ?? null,
      }}
    />
  );
}

