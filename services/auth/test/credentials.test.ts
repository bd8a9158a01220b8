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

  it('still accepts the passwords of accounts hashed in JavaScript before (bcryptjs)', async () => {
    const hashedByBcryptjs = '$2b$10$85PTPut/4/7ayltYXL363.3w2PUkl4QTd6NbvySzxSq6o6vVQThYG';
    expect(await passwordMatches('correct horse', hashedByBcryptjs)).toBe(true);
    expect(await passwordMatches('correct horsE', hashedByBcryptjs)).toBe(false);
  });

  it('hashes off the event loop, which goes on serving meanwhile', async () => {
    let turns = 0;
    const ticking = setInterval(() => turns++, 1);
    await Promise.all([hashPassword('one', 12), hashPassword('two', 12)]);
    clearInterval(ticking);
    // bcryptjs, in JavaScript, let 4 through in the ~750 ms its two hashes took; natively, hundreds.
    expect(turns, 'timers that ran while two cost-12 hashes were made').toBeGreaterThan(20);
  });
});
