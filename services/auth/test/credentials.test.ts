import { describe, expect, it } from 'vitest';
import { hashPassword, passwordMatches } from '../src/credentials.js';

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
