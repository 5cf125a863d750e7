import { lazy } from 'react';
import { Route } from 'react-router';
import { AppRoutes } from '@/lib/sentry-routes';
import { NotFoundContent } from '../../not-found-content';

const StaffQuotationsPage = lazy(() => import('@/features/quotations/routes/staff-quotations-page'));
const StaffQuotationPage = lazy(() => import('@/features/quotations/routes/staff-quotation-page'));
const ErrorsPage = lazy(() => import('@/features/errors/routes/errors-page'));
const ErrorIssuePage = lazy(() => import('@/features/errors/routes/error-issue-page'));
const IntegrationKeysPage = lazy(() => import('@/features/integration-keys/routes/integration-keys-page'));
const StaffOrdersPage = lazy(() => import('@/features/orders/routes/staff-orders-page'));
const StaffOrderPage = lazy(() => import('@/features/orders/routes/staff-order-page'));
const OutboxPage = lazy(() => import('@/features/admin/routes/outbox-page'));
const AuditLogPage = lazy(() => import('@/features/admin/routes/audit-log-page'));
const StaffCustomersPage = lazy(() => import('@/features/credit/routes/staff-customers-page'));
const StaffCustomerPage = lazy(() => import('@/features/credit/routes/staff-customer-page'));
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

/**
 * The back office's routes under `/admin/*` (SPEC §15): one layout, navigation by role; every
 * page's calls are checked on the server. Its own chunk, loaded with the first back-office page
 * (issue 33): the storefront's pages never download this table or the names of its pages' chunks.
 * Its pages load in the main group's `<Suspense>`, as before.
 */
export default function BackOfficeRoutes() {
  return (
    <AppRoutes>
      <Route element={<AdminLayout />}>
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
    </AppRoutes>
  );
}
