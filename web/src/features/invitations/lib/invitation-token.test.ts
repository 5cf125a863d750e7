import { afterEach, describe, expect, it } from 'vitest';
import { forgetToken, rememberedToken, rememberToken, tokenFromHash } from './invitation-token';

const TOKEN = 'q3Zc9fJ2mX7pL0aT5vR8wK1eY4uN6bHs';

describe('the invitation token', () => {
  afterEach(() => sessionStorage.clear());

  it('comes from the link’s fragment', () => {
    expect(tokenFromHash(`#${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash(TOKEN)).toBe(TOKEN);
    expect(tokenFromHash(`#${encodeURIComponent(TOKEN)}%20`)).toBe(TOKEN);
  });

  it('is refused when the fragment holds no token', () => {
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#')).toBeNull();
    expect(tokenFromHash('#short')).toBeNull();
    expect(tokenFromHash('#<script>alert(1)</script>aaaaaaaaaaaa')).toBeNull();
    expect(tokenFromHash('#%E0%A4%A')).toBeNull();
  });

  it('is kept for this tab until claimed', () => {
    expect(rememberedToken()).toBeNull();
    rememberToken(TOKEN);
    expect(rememberedToken()).toBe(TOKEN);
    forgetToken();
    expect(rememberedToken()).toBeNull();
    sessionStorage.setItem('uplink.invitation.token', 'not a token');
    expect(rememberedToken()).toBeNull();
  });
});
