import { lazy, Suspense, useEffect, useRef } from 'react';
import { Route, useLocation } from 'react-router';
import { SkipLink } from '@/components/ui/skip-link';
import { SilentSsoGate } from '@/features/accounts/components/silent-sso-gate';

import { HomePage } from '@/features/catalog/routes/home-page';
import { AppRoutes } from '@/lib/sentry-routes';
import { NotFoundContent } from '../../not-found-content';
import { ScrollManager } from '../../scroll-manager';
import { MainFooter } from './main-footer';
import { MainHeader } from './main-header';
import { MiniStoreGate } from './mini-store-gate';
import './main.css';

// Pages other than the home page load on demand, so the first visit only downloads what `/` needs.
const CategoriesPage = lazy(() => import('@/features/catalog/routes/categories-page'));
const CategoryPage = lazy(() => import('@/features/catalog/routes/category-page'));
const ProductsPage = lazy(() => import('@/features/catalog/routes/products-page'));
const ProductPage = lazy(() => import('@/features/catalog/routes/product-page'));
const SearchPage = lazy(() => import('@/features/catalog/routes/search-page'));
const SpeedFusionCloudPage = lazy(() => import('@/features/catalog/routes/speedfusion-cloud-page'));
const SerialPage = lazy(() => import('@/features/catalog/routes/serial-page'));
const LoginPage = lazy(() => import('@/features/accounts/routes/login-page'));
const ChallengePage = lazy(() => import('@/features/accounts/routes/challenge-page'));
const PasswordResetPage = lazy(() => import('@/features/accounts/routes/password-reset-page'));
const SsoCallbackPage = lazy(() => import('@/features/accounts/routes/sso-callback-page'));
const IncontrolCallbackPage = lazy(() => import('@/features/accounts/routes/incontrol-callback-page'));
const AccountPage = lazy(() => import('./account-route'));
const SettingsPage = lazy(() => import('@/features/accounts/routes/settings-page'));
const AddressBookPage = lazy(() => import('@/features/accounts/routes/address-book-page'));
const BookmarkPage = lazy(() => import('@/features/accounts/routes/bookmark-page'));
const DownloadPage = lazy(() => import('@/features/accounts/routes/download-page'));
const DeviceManagementPage = lazy(() => import('./device-management-route'));
const AccountQuotationsPage = lazy(() => import('./account-quotations-route'));
const AccountQuotationPage = lazy(() => import('./account-quotation-route'));
const QuotationPaymentPage = lazy(() => import('@/features/quotations/routes/quotation-payment-page'));

const CartPage = lazy(() => import('@/features/cart/routes/cart-page'));
const QuickOrderPage = lazy(() => import('@/features/cart/routes/quick-order-page'));

const CheckoutPage = lazy(() => import('@/features/checkout/routes/checkout-page'));
const PaymentPage = lazy(() => import('@/features/checkout/routes/payment-page'));
const ConfirmOrderPage = lazy(() => import('@/features/checkout/routes/confirm-order-page'));
const ThankYouPage = lazy(() => import('@/features/checkout/routes/thank-you-page'));
const OrdersPage = lazy(() => import('@/features/orders/routes/orders-page'));
const OrderPage = lazy(() => import('@/features/orders/routes/order-page'));

const PartnerDashboardPage = lazy(() => import('@/features/partners/routes/partner-dashboard-page'));
const PartnerRebatesPage = lazy(() => import('@/features/partners/routes/partner-rebates-page'));
const MiniStoreEditorPage = lazy(() => import('@/features/partners/routes/mini-store-editor-page'));
const PavilionCheckoutPage = lazy(() => import('@/features/pavilion/routes/pavilion-checkout-page'));
const InvitationPage = lazy(() => import('@/features/invitations/routes/invitation-page'));

// The back office's routes and their pages: a storefront visit does not download their table.
const BackOfficeRoutes = lazy(() => import('./back-office-routes'));

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
            <Route path="categories" element={<CategoriesPage />} />
            <Route path="categories/:slug" element={<CategoryPage />} />
            <Route path="products" element={<ProductsPage />} />
            <Route path="products/:slug" element={<ProductPage />} />
            <Route path="search" element={<SearchPage />} />
            <Route path="speedfusioncloud" element={<SpeedFusionCloudPage />} />
            <Route path="sn" element={<SerialPage />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="challenge" element={<ChallengePage />} />
            <Route path="password/reset" element={<PasswordResetPage />} />
            <Route path="sso/callback" element={<SsoCallbackPage />} />
            <Route path="incontrol/callback" element={<IncontrolCallbackPage />} />
            <Route path="account" element={<AccountPage />} />
            <Route path="account/settings" element={<SettingsPage />} />
            <Route path="account/address-book" element={<AddressBookPage />} />
            <Route path="account/bookmark" element={<BookmarkPage />} />
            <Route path="account/download" element={<DownloadPage />} />
            <Route path="account/device-management" element={<DeviceManagementPage />} />
            <Route path="account/quotation" element={<AccountQuotationsPage />} />
            <Route path="account/quotation/:number" element={<AccountQuotationPage />} />
            <Route path="quotation/payment" element={<QuotationPaymentPage />} />

            <Route path="cart" element={<CartPage />} />
            <Route path="quick-order" element={<QuickOrderPage />} />

            <Route path="checkout" element={<CheckoutPage />} />
            <Route path="checkout/payment" element={<PaymentPage />} />
            <Route path="checkout/confirm-order" element={<ConfirmOrderPage />} />
            <Route path="checkout/thank-you" element={<ThankYouPage />} />
            <Route path="order" element={<OrdersPage />} />
            <Route path="order/:number" element={<OrderPage />} />
            {/* The back office (SPEC §15): its own table of routes, loaded with the first back-office page. */}
            <Route path="admin/*" element={<BackOfficeRoutes />} />
            <Route path="partner" element={<PartnerDashboardPage />} />
            <Route path="partner/rebates" element={<PartnerRebatesPage />} />
            <Route path="partner/mini-stores/:key" element={<MiniStoreEditorPage />} />
            {/* SPEC §11 (fixed path, spelled so). */}
            <Route path="partner-pavillion/checkout" element={<PavilionCheckoutPage />} />
            <Route path="invitation" element={<InvitationPage />} />
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
