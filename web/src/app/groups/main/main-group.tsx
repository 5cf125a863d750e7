import { Suspense, useEffect, useRef } from 'react';
import { matchPath, Route, useLocation } from 'react-router';
import { SkipLink } from '@/components/ui/skip-link';
import { SilentSsoGate } from '@/features/accounts/components/silent-sso-gate';

import { HomePage } from '@/features/catalog/routes/home-page';
import { AppRoutes } from '@/lib/sentry-routes';
import { lazyGroup, type LazyGroup } from '../../group-boundary';
import { NotFoundContent } from '../../not-found-content';
import { ScrollManager } from '../../scroll-manager';
import { MainFooter } from './main-footer';
import { MainHeader } from './main-header';
import { MiniStoreGate } from './mini-store-gate';
import './main.css';

/**
 * Every page but the home page, by path. Each loads on demand, so the first visit only downloads what
 * its page needs; the page a visit starts on loads before the first render (`preloadPage`). The back
 * office (SPEC §15) is one entry: its own table of routes, loaded with the first back-office page.
 */
const PAGES: ReadonlyArray<readonly [path: string, page: LazyGroup<object>]> = [
  ['categories', lazyGroup(() => import('@/features/catalog/routes/categories-page'))],
  ['categories/:slug', lazyGroup(() => import('@/features/catalog/routes/category-page'))],
  ['products', lazyGroup(() => import('@/features/catalog/routes/products-page'))],
  ['products/:slug', lazyGroup(() => import('@/features/catalog/routes/product-page'))],
  ['search', lazyGroup(() => import('@/features/catalog/routes/search-page'))],
  ['speedfusioncloud', lazyGroup(() => import('@/features/catalog/routes/speedfusion-cloud-page'))],
  ['sn', lazyGroup(() => import('@/features/catalog/routes/serial-page'))],
  ['login', lazyGroup(() => import('@/features/accounts/routes/login-page'))],
  ['challenge', lazyGroup(() => import('@/features/accounts/routes/challenge-page'))],
  ['password/reset', lazyGroup(() => import('@/features/accounts/routes/password-reset-page'))],
  ['sso/callback', lazyGroup(() => import('@/features/accounts/routes/sso-callback-page'))],
  ['incontrol/callback', lazyGroup(() => import('@/features/accounts/routes/incontrol-callback-page'))],
  ['account', lazyGroup(() => import('./account-route'))],
  ['account/settings', lazyGroup(() => import('@/features/accounts/routes/settings-page'))],
  ['account/address-book', lazyGroup(() => import('@/features/accounts/routes/address-book-page'))],
  ['account/bookmark', lazyGroup(() => import('@/features/accounts/routes/bookmark-page'))],
  ['account/download', lazyGroup(() => import('@/features/accounts/routes/download-page'))],
  ['account/device-management', lazyGroup(() => import('./device-management-route'))],
  ['account/quotation', lazyGroup(() => import('./account-quotations-route'))],
  ['account/quotation/:number', lazyGroup(() => import('./account-quotation-route'))],
  ['quotation/payment', lazyGroup(() => import('@/features/quotations/routes/quotation-payment-page'))],
  ['cart', lazyGroup(() => import('@/features/cart/routes/cart-page'))],
  ['quick-order', lazyGroup(() => import('@/features/cart/routes/quick-order-page'))],
  ['checkout', lazyGroup(() => import('@/features/checkout/routes/checkout-page'))],
  ['checkout/payment', lazyGroup(() => import('@/features/checkout/routes/payment-page'))],
  ['checkout/confirm-order', lazyGroup(() => import('@/features/checkout/routes/confirm-order-page'))],
  ['checkout/thank-you', lazyGroup(() => import('@/features/checkout/routes/thank-you-page'))],
  ['order', lazyGroup(() => import('@/features/orders/routes/orders-page'))],
  ['order/:number', lazyGroup(() => import('@/features/orders/routes/order-page'))],
  ['admin/*', lazyGroup(() => import('./back-office-routes'))],
  ['partner', lazyGroup(() => import('@/features/partners/routes/partner-dashboard-page'))],
  ['partner/rebates', lazyGroup(() => import('@/features/partners/routes/partner-rebates-page'))],
  ['partner/mini-stores/:key', lazyGroup(() => import('@/features/partners/routes/mini-store-editor-page'))],
  // SPEC §11 (fixed path, spelled so).
  ['partner-pavillion/checkout', lazyGroup(() => import('@/features/pavilion/routes/pavilion-checkout-page'))],
  ['invitation', lazyGroup(() => import('@/features/invitations/routes/invitation-page'))],
];

/**
 * Loads the code of the page at `pathname` (screen-group-switch.tsx, before the first render), so
 * that it renders at once instead of behind the page placeholder (see `lazyGroup`).
 */
export function preloadPage(pathname: string): Promise<void> {
  const page = PAGES.find(([path]) => matchPath(`/${path}`, pathname));
  return page ? page[1].preload().then(() => undefined) : Promise.resolve();
}

/** Holds the page's place while its code loads (no content jump when it arrives). */
function PageFallback() {
  return <div className="page-fallback" aria-busy="true" />;
}

/** After moving to another page, focus goes to its content so screen readers start there (not on a vanished link). */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/** MAIN screen group: the store's header, footer and every page not owned by another group. */
export default function MainGroup() {
  useFocusMainOnNavigation();
  return (
    <MiniStoreGate>
      <MainShell />
    </MiniStoreGate>
  );
}

function MainShell() {
  return (
    <div className="main-shell">
      <ScrollManager />
      <SkipLink />
      <MainHeader />
      <SilentSsoGate />
      <main id="main" className="main-shell__content" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          {/* Navigations are reported under their route pattern (`/products/:slug`), not the raw URL. */}
          <AppRoutes>
            <Route index element={<HomePage />} />
            {PAGES.map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            <Route
              path="*"
              element={
                <div className="container">
                  <NotFoundContent homeHref="/" homeLabel="Go to the home page" />
                </div>
              }
            />
          </AppRoutes>
        </Suspense>
      </main>
      <MainFooter />
    </div>
  );
}
