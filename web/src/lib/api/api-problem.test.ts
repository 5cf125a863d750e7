import { describe, expect, it } from 'vitest';
import { ApiProblem } from './api-problem';
import { ERROR_MESSAGES, messageForCode } from './error-messages';

const SPEC_CODES = [
  'validation_failed', 'not_found', 'unauthenticated', 'forbidden', 'csrf_failed', 'challenge_required',
  'rate_limited', 'invalid_credentials', 'email_taken', 'reset_token_invalid', 'must_change_store',
  'not_sold_in_store', 'insufficient_stock', 'invalid_quantity', 'invalid_serial', 'unknown_serial',
  'serial_not_eligible', 'duplicate_serial', 'invalid_iccid', 'plan_not_stackable', 'coupon_invalid',
  'coupon_expired', 'coupon_usage_exceeded', 'referral_code_invalid', 'referral_not_eligible', 'price_changed',
  'payment_declined', 'payment_requires_action', 'payment_method_unavailable', 'credit_limit_exceeded',
  'idempotency_key_reused', 'quotation_not_payable', 'quotation_expired', 'order_not_cancellable',
  'payload_too_large',
];

/** Codes the partners API (#28) added beyond SPEC §16: a closed mini-store, a price under its floor, a used invitation. */
const PARTNER_CODES = ['store_paused', 'price_below_floor', 'invitation_invalid'];

describe('ApiProblem', () => {
  it('reads an RFC 9457 body with field errors', () => {
    const problem = ApiProblem.fromBody(422, {
      type: 'https://uplink.example/problems/validation_failed',
      title: 'Validation failed',
      status: 422,
      detail: 'Some fields are invalid',
      code: 'validation_failed',
      errors: [
        { field: 'email', code: 'invalid_email', message: 'Enter a valid e-mail address' },
        { field: 'email', code: 'too_long', message: 'second message' },
      ],
    });
    expect(problem).toBeInstanceOf(Error);
    expect(problem.status).toBe(422);
    expect(problem.code).toBe('validation_failed');
    expect(problem.detail).toBe('Some fields are invalid');
    expect(problem.fieldErrors).toEqual({ email: 'Enter a valid e-mail address' });
  });

  it('infers a code from the status when the body is not a problem', () => {
    expect(ApiProblem.fromBody(401, undefined).code).toBe('unauthenticated');
    expect(ApiProblem.fromBody(502, '<html>Bad gateway</html>').code).toBe('server_error');
    expect(ApiProblem.network(new TypeError('offline')).code).toBe('network_error');
  });
});

describe('error messages', () => {
  it.each([...SPEC_CODES, ...PARTNER_CODES])('has a human message for %s', (code) => {
    expect(ERROR_MESSAGES).toHaveProperty(code);
    expect(messageForCode(code).length).toBeGreaterThan(20);
  });

  it('falls back for unknown codes', () => {
    expect(messageForCode('something_new')).toBe(ERROR_MESSAGES.unexpected_response);
  });
});
