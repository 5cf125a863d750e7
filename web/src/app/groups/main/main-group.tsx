import { lazy, Suspense, useEffect, useRef } from 'react';
import { Route, useLocation } from 'react-router';
import { SkipLink } from '@/components/ui/skip-link';
import { SilentSsoCheck } from '@/features/accounts/components/silent-sso-check';

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
const StaffQuotationsPage = lazy(() => import('@/features/quotations/routes/staff-quotations-page'));
const StaffQuotationPage = lazy(() => import('@/features/quotations/routes/staff-quotation-page'));

const CartPage = lazy(() => import('@/features/cart/routes/cart-page'));
const QuickOrderPage = lazy(() => import('@/features/cart/routes/quick-order-page'));

const ErrorsPage = lazy(() => import('@/features/errors/routes/errors-page'));
const ErrorIssuePage = lazy(() => import('@/features/errors/routes/error-issue-page'));
const IntegrationKeysPage = lazy(() => import('@/features/integration-keys/routes/integration-keys-page'));

const CheckoutPage = lazy(() => import('@/features/checkout/routes/checkout-page'));
const PaymentPage = lazy(() => import('@/features/checkout/routes/payment-page'));
const ConfirmOrderPage = lazy(() => import('@/features/checkout/routes/confirm-order-page'));
const ThankYouPage = lazy(() => import('@/features/checkout/routes/thank-you-page'));
const OrdersPage = lazy(() => import('@/features/orders/routes/orders-page'));
const OrderPage = lazy(() => import('@/features/orders/routes/order-page'));
const StaffOrdersPage = lazy(() => import('@/features/orders/routes/staff-orders-page'));
const StaffOrderPage = lazy(() => import('@/features/orders/routes/staff-order-page'));
const OutboxPage = lazy(() => import('@/features/admin/routes/outbox-page'));
const AuditLogPage = lazy(() => import('@/features/admin/routes/audit-log-page'));
const StaffCustomersPage = lazy(() => import('@/features/credit/routes/staff-customers-page'));
const StaffCustomerPage = lazy(() => import('@/features/credit/routes/staff-customer-page'));

const PartnerDashboardPage = lazy(() => import('@/features/partners/routes/partner-dashboard-page'));
const PartnerRebatesPage = lazy(() => import('@/features/partners/routes/partner-rebates-page'));
const MiniStoreEditorPage = lazy(() => import('@/features/partners/routes/mini-store-editor-page'));
const StaffRebatesPage = lazy(() => import('@/features/partners/routes/staff-rebates-page'));
const AdminLayout = lazy(() => import('@/features/admin/components/admin-layout'));
const AdminHomePage = lazy(() => import('@/features/admin/routes/admin-home-page'));
const AdminProductsPage = lazy(() => import('@/features/admin/routes/products-page'));
const ProductEditorPage = lazy(() => import('@/features/admin/routes/product-editor-page'));
const ProductImportPage = lazy(() => import('@/features/admin/routes/product-import-page'));
const AdminStoresPage = lazy(() => import('@/features/admin/routes/stores-page'));
const StoreEditorPage = lazy(() => import('@/features/admin/routes/store-editor-page'));
const AdminCouponsPage = lazy(() => import('@/features/admin/routes/coupons-page'));
const CouponEditorPage = lazy(() => import('@/features/admin/routes/coupon-editor-page'));
const ReferralTermsPage = lazy(() => import('@/features/admin/routes/referral-terms-page'));
const PavilionCheckoutPage = lazy(() => import('@/features/pavilion/routes/pavilion-checkout-page'));
const InvitationPage = lazy(() => import('@/features/invitations/routes/invitation-page'));

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
      <SilentSsoCheck />
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
            {/* The back office (SPEC §15): one layout, navigation by role; every page's calls are checked on the server. */}
            <Route path="admin" element={<AdminLayout />}>
              <Route index element={<AdminHomePage />} />
              <Route path="orders" element={<StaffOrdersPage />} />
              <Route path="orders/:number" element={<StaffOrderPage />} />
              <Route path="outbox" element={<OutboxPage />} />
              <Route path="audit-log" element={<AuditLogPage />} />
              <Route path="customers" element={<StaffCustomersPage />} />
              <Route path="customers/:id" element={<StaffCustomerPage />} />
              <Route path="quotations" element={<StaffQuotationsPage />} />
              <Route path="quotations/:number" element={<StaffQuotationPage />} />
              <Route path="products" element={<AdminProductsPage />} />
              <Route path="products/new" element={<ProductEditorPage />} />
              <Route path="products/import" element={<ProductImportPage />} />
              <Route path="products/:id" element={<ProductEditorPage />} />
              <Route path="stores" element={<AdminStoresPage />} />
              <Route path="stores/new" element={<StoreEditorPage />} />
              <Route path="stores/:code" element={<StoreEditorPage />} />
              <Route path="coupons" element={<AdminCouponsPage />} />
              <Route path="coupons/new" element={<CouponEditorPage />} />
              <Route path="coupons/:code" element={<CouponEditorPage />} />
              <Route path="rebates" element={<StaffRebatesPage />} />
              <Route path="referral-terms" element={<ReferralTermsPage />} />
              <Route path="integration-keys" element={<IntegrationKeysPage />} />
              <Route path="errors" element={<ErrorsPage />} />
              <Route path="errors/:id" element={<ErrorIssuePage />} />
              <Route path="*" element={<NotFoundContent homeHref="/admin" homeLabel="Go to the back-office home" />} />
            </Route>
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
