import { describe, expect, it } from 'vitest';
import { createKeySchema } from './create-integration-key';

const parse = (name: string) => createKeySchema.safeParse({ name });

describe('the new key’s name', () => {
  it('is trimmed, and needs 1 to 80 characters as the server counts them', () => {
    expect(parse('  InControl feed ')).toEqual({ success: true, data: { name: 'InControl feed' } });
    expect(parse('   ').success).toBe(false);
    expect(parse('x'.repeat(80)).success).toBe(true);
    expect(parse('x'.repeat(81)).success).toBe(false);
    // 80 emoji are 160 UTF-16 units but 80 characters (code points) for the server.
    expect(parse('📡'.repeat(80)).success).toBe(true);
    expect(parse('📡'.repeat(81)).success).toBe(false);
  });

  it('refuses control characters inside the name, as the server does', () => {
    const result = parse('Lab\tfeed');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/no tabs or line breaks/);
    expect(parse('Lab\u0085feed').success).toBe(false);
  });
});
