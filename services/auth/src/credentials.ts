import { createHash } from 'node:crypto';
import bcrypt from 'bcryptjs';

/**
 * bcrypt reads only the first 72 bytes, so the password is first reduced to a fixed-size digest:
 * two long passwords that share a prefix stay different. Base64 keeps NUL bytes out of bcrypt.
 */
const digest = (password: string) => createHash('sha256').update(password, 'utf8').digest('base64');

export const hashPassword = (password: string, cost: number) => bcrypt.hash(digest(password), cost);

export const passwordMatches = (password: string, hash: string) => bcrypt.compare(digest(password), hash);

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const FULL_NAME_MAX = 100;
export const EMAIL_MAX = 254;

export interface SignupInput {
  fullName: string;
  email: string;
  password: string;
}

/** The signup rules in the order the product checks them; returns the normalised input or the first failure. */
export function checkSignup(input: SignupInput): { ok: true; value: SignupInput } | { ok: false; message: string } {
  const fullName = input.fullName.trim();
  const email = input.email.trim().toLowerCase();
  const { password } = input;
  const fail = (message: string) => ({ ok: false as const, message });
  if (!fullName) return fail('Full name is required');
  if (fullName.length > FULL_NAME_MAX) return fail(`Full name must be at most ${FULL_NAME_MAX} characters`);
  if (!email) return fail('Email is required');
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return fail('Invalid email format');
  if (!password) return fail('Password is required');
  if (password.length < PASSWORD_MIN) return fail(`Password must be at least ${PASSWORD_MIN} characters`);
  if (password.length > PASSWORD_MAX) return fail(`Password must be at most ${PASSWORD_MAX} characters`);
  return { ok: true, value: { fullName, email, password } };
}
