import { createHash } from 'node:crypto';
import bcrypt from 'bcryptjs';

/**
 * bcrypt reads only the first 72 bytes, so the password is first reduced to a fixed-size digest:
 * two long passwords that share a prefix stay different. Base64 keeps NUL bytes out of bcrypt.
 */
const digest = (password: string) => createHash('sha256').update(password, 'utf8').digest('base64');

export const hashPassword = (password: string, cost: number) => bcrypt.hash(digest(password), cost);

export const passwordMatches = (password: string, hash: string) => bcrypt.compare(digest(password), hash);
