import { describe, expect, it } from 'vitest';
import { checkSignup, hashPassword, passwordMatches } from '../src/credentials.js';

const valid = { fullName: 'Ann Lee', email: 'ann@example.com', password: 'secret1' };
const failure = (input: Partial<typeof valid>) => {
  const result = checkSignup({ ...valid, ...input });
  return result.ok ? 'ok' : result.message;
};

describe('checkSignup', () => {
  it('checks the rules in the product’s order', () => {
    expect(failure({ fullName: '', email: '', password: '' })).toBe('Full name is required');
    expect(failure({ email: '', password: '' })).toBe('Email is required');
    expect(failure({ email: 'not-an-email', password: '' })).toBe('Invalid email format');
    expect(failure({ password: '' })).toBe('Password is required');
    expect(failure({ password: '12345' })).toBe('Password must be at least 6 characters');
  });

  it('treats a name of spaces as missing', () => {
    expect(failure({ fullName: '   ' })).toBe('Full name is required');
  });

  it('bounds every field', () => {
    expect(failure({ fullName: 'a'.repeat(101) })).toBe('Full name must be at most 100 characters');
    expect(failure({ email: `${'a'.repeat(250)}@x.io` })).toBe('Invalid email format');
    expect(failure({ password: 'p'.repeat(129) })).toBe('Password must be at most 128 characters');
    expect(failure({ fullName: 'a'.repeat(100), password: 'p'.repeat(128) })).toBe('ok');
  });

  it('trims the name and lower-cases the email', () => {
    expect(checkSignup({ fullName: '  Ann  ', email: ' Ann@Example.COM ', password: 'secret1' })).toEqual({
      ok: true,
      value: { fullName: 'Ann', email: 'ann@example.com', password: 'secret1' },
    });
  });
});

describe('password hashing', () => {
  it('matches only the same password', async () => {
    const hash = await hashPassword('correct horse', 10);
    expect(hash).toMatch(/^\$2[aby]\$10\$/);
    expect(await passwordMatches('correct horse', hash)).toBe(true);
    expect(await passwordMatches('correct horsE', hash)).toBe(false);
  });

  it('tells apart long passwords that share their first 72 bytes', async () => {
    const prefix = 'x'.repeat(80);
    const hash = await hashPassword(`${prefix}-one`, 10);
    expect(await passwordMatches(`${prefix}-two`, hash)).toBe(false);
  });
});
