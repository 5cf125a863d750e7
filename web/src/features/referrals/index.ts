/** Reusable referral pieces (the account card, the rewards and their uses); the cart's code box is `@/components/referrals/referral-code-box`. */
export { AppReferralBox, appReferralError } from '@/components/referrals/referral-code-box';
export { ConvertToCoupon } from './components/convert-to-coupon';
export { ReferAFriendCard } from './components/refer-a-friend';
export { friendOffer, ReferralCodePanel } from './components/referral-code-panel';
export { RewardsList, rewardWhen } from './components/rewards-list';
export { RewardsSummary } from './components/rewards-summary';
export { formatData, SfcRedemptionPanel } from './components/sfc-redemption';
export { useReferralLinkOnCart, useShareLinkParam } from '@/lib/referrals/use-referral-link';
export * from '@/lib/referrals/referral-link';
