import { describe, expect, it } from 'vitest';
import { signupError } from '../../src/lib/validate-signup';

const valid = { fullName: 'Ann', email: 'ann@example.com', password: 'secret1' };

describe('signupError', () => {
  it('reports the first broken rule in the product order', () => {
    expect(signupError({ fullName: '', email: '', password: '' })).toBe('Full name is required');
    expect(signupError({ ...valid, email: '', password: '' })).toBe('Email is required');
    expect(signupError({ ...valid, email: 'ann.example.com', password: '' })).toBe('Invalid email format');
    expect(signupError({ ...valid, password: '' })).toBe('Password is required');
    expect(signupError({ ...valid, password: '12345' })).toBe('Password must be at least 6 characters');
    expect(signupError(valid)).toBeNull();
  });
});
