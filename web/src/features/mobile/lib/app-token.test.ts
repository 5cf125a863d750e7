import { describe, expect, it } from 'vitest';
import { appSignInState, hashWithoutToken, tokenFromHash } from './app-token';

describe('app token in the address', () => {
  it('reads the token from the fragment', () => {
    expect(tokenFromHash('#token=abc123')).toBe('abc123');
    expect(tokenFromHash('#x=1&token=abc')).toBe('abc');
    expect(tokenFromHash('#token=')).toBeNull();
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#main')).toBeNull();
  });

  it('keeps the rest of the fragment when the token is taken out', () => {
    expect(hashWithoutToken('#token=abc')).toBe('');
    expect(hashWithoutToken('#x=1&token=abc')).toBe('#x=1');
  });
});

describe('appSignInState', () => {
  it('exchanges a token, whatever the session says', () => {
    expect(appSignInState({ token: 't', exchange: 'pending', session: 'guest' }).kind).toBe('exchanging');
    expect(appSignInState({ token: 't', exchange: 'success', session: 'pending' }).kind).toBe('signed-in');
  });

  it('asks to open the page from the app for a refused token, never a sign-in form', () => {
    expect(appSignInState({ token: 't', exchange: 'invalid', session: 'signed-in' })).toEqual({ kind: 'open-from-app', reason: 'invalid' });
  });

  it('offers a retry when the server could not be reached', () => {
    expect(appSignInState({ token: 't', exchange: 'network', session: 'guest' }).kind).toBe('offline');
  });

  it('uses an existing session without a token, else asks to open from the app', () => {
    expect(appSignInState({ token: null, exchange: 'idle', session: 'pending' }).kind).toBe('checking');
    expect(appSignInState({ token: null, exchange: 'idle', session: 'signed-in' }).kind).toBe('signed-in');
    expect(appSignInState({ token: null, exchange: 'idle', session: 'guest' })).toEqual({ kind: 'open-from-app', reason: 'missing' });
  });
});
