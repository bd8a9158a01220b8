import { describe, expect, it } from 'vitest';
import { checkSignup } from '../src/users.js';

const valid = { fullName: 'Ann Lee', email: 'ann@example.com', password: 'secret1' };
const failure = (input: Partial<typeof valid>) => {
  const result = checkSignup({ ...valid, ...input });
  return result.ok ? 'ok' : result.message;
};

describe('checkSignup: the signup rules of the form and the server', () => {
  it('checks the rules in the product’s order, the web form’s and the server’s alike', () => {
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
