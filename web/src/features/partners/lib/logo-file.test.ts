import { describe, expect, it } from 'vitest';
import { base64Of, logoProblem } from './logo-file';

describe('a logo file', () => {
  it('must be a PNG, JPEG or WebP of at most 256 KB', () => {
    expect(logoProblem({ type: 'image/png', size: 10_000 })).toBeNull();
    expect(logoProblem({ type: 'image/webp', size: 256 * 1024 })).toBeNull();
    expect(logoProblem({ type: 'image/svg+xml', size: 1_000 })).toMatch(/PNG, JPEG or WebP/);
    expect(logoProblem({ type: 'image/jpeg', size: 256 * 1024 + 1 })).toMatch(/257 KB; choose one of 256 KB or less/);
    expect(logoProblem({ type: 'image/png', size: 0 })).toMatch(/empty/);
  });

  it('is sent as base64', async () => {
    expect(await base64Of(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]))).toBe('iVBORw==');
  });
});
