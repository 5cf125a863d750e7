import { Suspense } from 'react';
import { Link, Route } from 'react-router';
import { AppRoutes } from '@/lib/sentry-routes';
import { SkipLink } from '@/components/ui/skip-link';
import { useAppSession } from '@/features/mobile/api/account';
import { AppSignIn } from '@/features/mobile/components/app-sign-in';
import MobileHomePage from '@/features/mobile/routes/mobile-home-page';
import { lazyGroup } from '../../group-boundary';
import './mobile.css';

// The dashboard comes with the group; the shop, checkout and rewards pages load when opened
// (the card form and checkout stay out of what /mobile downloads, SPEC §12 budget).
const ProductPlansPage = lazyGroup(() => import('@/features/mobile/routes/product-plans-page'));
const WarrantiesPage = lazyGroup(() => import('@/features/mobile/routes/warranties-page'));
const MobileCartPage = lazyGroup(() => import('@/features/mobile/routes/mobile-cart-page'));
const MobileCheckoutPage = lazyGroup(() => import('@/features/mobile/routes/mobile-checkout-page'));
const CheckoutHubPage = lazyGroup(() => import('@/features/mobile/routes/checkout-hub-page'));
const CheckoutSuccessPage = lazyGroup(() => import('@/features/mobile/routes/checkout-success-page'));
const ReferralRewardsPage = lazyGroup(() => import('./referral-rewards-route'));
const RewardCouponsPage = lazyGroup(() => import('./reward-coupons-route'));
const MobileNotFound = lazyGroup(() => import('./mobile-not-found'));
const SfcRewardsPage = lazyGroup(() => import('./sfc-rewards-route'));

/**
 * MOBILE screen group (SPEC §12): compact pages for the mobile app's web view — no site header or
 * footer, one slim bar, thumb-sized controls. Every page needs the app's sign-in (`#token=…`).
 */
export default function MobileGroup() {
  // The bar's checkout link only once the app has signed the customer in (else it leads nowhere).
  const signedIn = Boolean(useAppSession().data?.user);
  return (
    <div className="mobile-shell">
      <SkipLink />
      <header className="app-bar">
        <Link to="/mobile" className="app-bar__title">
          Uplink
        </Link>
        {signedIn && (
          <Link to="/mobile/checkout" className="app-bar__link">
            Checkout
          </Link>
        )}
      </header>
      <main id="main" className="mobile-shell__content" tabIndex={-1}>
        <AppSignIn>
          <Suspense fallback={<div className="m-placeholder" aria-hidden="true" />}>
            <AppRoutes>
              <Route path="mobile">
                <Route index element={<MobileHomePage />} />
                <Route path="product-plans" element={<ProductPlansPage />} />
                <Route path="product-plans/cart" element={<MobileCartPage slot="mobile-plans" />} />
                <Route path="product-plans/checkout" element={<MobileCheckoutPage slot="mobile-plans" />} />
                <Route path="warranties" element={<WarrantiesPage />} />
                <Route path="warranties/cart" element={<MobileCartPage slot="mobile-warranties" />} />
                <Route path="warranties/checkout" element={<MobileCheckoutPage slot="mobile-warranties" />} />
                <Route path="checkout" element={<CheckoutHubPage />} />
                <Route path="checkout-success" element={<CheckoutSuccessPage />} />
                <Route path="referral-rewards" element={<ReferralRewardsPage />} />
                <Route path="referral-reward-coupons" element={<RewardCouponsPage />} />
                <Route path="sfc-referral-rewards" element={<SfcRewardsPage />} />
                <Route path="*" element={<MobileNotFound />} />
              </Route>
            </AppRoutes>
          </Suspense>
        </AppSignIn>
      </main>
    </div>
  );
}
