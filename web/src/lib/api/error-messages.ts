import type { ApiProblem } from './api-problem';

/**
 * What the user reads for each stable error code (SPEC §16), phrased as what happened
 * and what to do next. Forms show field errors next to the fields instead.
 */
export const ERROR_MESSAGES = {
  validation_failed: 'Some details need attention. Check the highlighted fields and try again.',
  not_found: 'We couldn’t find that. It may have been removed — go back or search the store.',
  unauthenticated: 'Please sign in to continue. Your cart is kept while you do.',
  forbidden: 'Your account can’t do this. Sign in with another account or contact us if you think this is wrong.',
  csrf_failed: 'Your session check failed. Reload the page and try again.',
  challenge_required: 'For your security, complete the extra check before signing in.',
  rate_limited: 'Too many attempts in a short time. Wait a minute, then try again.',
  invalid_credentials: 'That e-mail and password don’t match. Check them or reset your password.',
  email_taken: 'An account with this e-mail already exists. Sign in or reset your password instead.',
  reset_token_invalid: 'This reset link is invalid or has expired. Request a new one.',
  must_change_store: 'This item is sold in another store. Switch store to buy it.',
  not_sold_in_store: 'This product isn’t sold in the current store. Switch store or choose another product.',
  insufficient_stock: 'There isn’t enough stock for that quantity. Lower the quantity or check back later.',
  invalid_quantity: 'That quantity isn’t allowed. Enter a whole number within the limits shown.',
  invalid_serial: 'That serial number isn’t valid. Check it on the device label and enter it again.',
  unknown_serial: 'We don’t recognise that serial number. Check it on the device label, or contact support.',
  serial_not_eligible: 'This device can’t use this product. Choose a product that fits the device.',
  duplicate_serial: 'This serial number is already in the list. Remove the duplicate.',
  serial_registered_elsewhere:
    'This device is registered to another account. Ask its owner to remove it, or contact support with your proof of purchase.',
  invalid_iccid: 'That ICCID isn’t valid. Check the number printed on the SIM card and enter it again.',
  unknown_iccid: 'That ICCID isn’t one of your eSIMs. Copy it from the order that delivered the eSIM, or buy an eSIM first.',
  plan_not_stackable: 'This plan can’t be added on top of the device’s current plan. Choose a plan that can be stacked.',
  coupon_invalid: 'That coupon code isn’t valid. Check the code or remove it to continue.',
  coupon_expired: 'That coupon has expired. Remove it to continue.',
  coupon_usage_exceeded: 'That coupon has been used the maximum number of times. Remove it to continue.',
  referral_code_invalid: 'That referral code isn’t valid. Check the code or continue without it.',
  referral_not_eligible: 'This order can’t use a referral. Continue without the referral code.',
  price_changed: 'Prices changed since you started. Review the new total, then confirm again.',
  payment_declined: 'Your payment was declined. Try another card or payment method.',
  payment_requires_action: 'Your bank needs you to confirm this payment. Follow the prompt to finish.',
  payment_method_unavailable: 'That payment method isn’t available for this order. Choose another one.',
  credit_limit_exceeded: 'This order is over your company’s credit limit. Pay by card or contact your account manager.',
  idempotency_key_reused: 'This request was already sent with different details. Reload the page and try again.',
  quotation_not_payable: 'This quotation can’t be paid yet. Wait for our answer or contact sales.',
  quotation_expired: 'This quotation has expired. Request a new quotation.',
  usage_record_conflict: 'A usage record with this id was already taken with other values. Send new usage under a new record id.',
  quotation_below_minimum: 'Quotations start at a minimum subtotal. Add items, or order at catalogue prices.',
  invalid_transition: 'This can’t be done in the quotation’s current state. Reload the page to see what changed.',
  version_conflict: 'Someone else changed this in the meantime. Reload it and apply your change again.',
  order_not_cancellable: 'This order can no longer be cancelled. Contact support for a return.',
  incontrol_unavailable:
    'InControl didn’t answer or no longer accepts the link. Try again in a moment, or link InControl again in Account settings.',
  store_paused: 'This partner store is closed for now. Shop in the main Uplink store, or ask the partner when it opens again.',
  price_below_floor: 'That price is below the lowest price allowed for this product. Raise it to at least the floor shown.',
  invitation_invalid:
    'This invitation link can’t be used: it was already used or has expired. Sign in, or reset your password if you don’t know it.',
  payload_too_large: 'That’s too large to upload. Choose a smaller file or send less data.',
  service_unavailable: 'The store is busy or restarting. Nothing was changed: try again in a few seconds.',
  network_error: 'We couldn’t reach the store. Check your connection and try again.',
  server_error: 'Something went wrong on our side. Try again in a moment.',
  unexpected_response: 'Something unexpected happened. Reload the page and try again.',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function messageForCode(code: string): string {
  return (ERROR_MESSAGES as Record<string, string>)[code] ?? ERROR_MESSAGES.unexpected_response;
}

export function messageForProblem(problem: Pick<ApiProblem, 'code'>): string {
  return messageForCode(problem.code);
}
