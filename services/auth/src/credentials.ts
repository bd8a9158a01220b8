import { createHash } from 'node:crypto';
import bcrypt from 'bcrypt';

/**
 * bcrypt reads only the first 72 bytes, so the password is first reduced to a fixed-size digest:
 * two long passwords that share a prefix stay different. Base64 keeps NUL bytes out of bcrypt.
 *
 * The hashing is native (prebuilt for each platform in the package) and runs on libuv's thread
 * pool: in JavaScript (bcryptjs) each signup and login held the event loop, every socket of
 * embedded mode with it, for most of the ~70 ms a hash costs.
 */
const digest = (password: string) => createHash('sha256').update(password, 'utf8').digest('base64');

export const hashPassword = (password: string, cost: number) => bcrypt.hash(digest(password), cost);

export const passwordMatches = (password: string, stored: string) => bcrypt.compare(digest(password), stored);
