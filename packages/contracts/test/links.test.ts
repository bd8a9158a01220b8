import { describe, expect, it } from 'vitest';
import { linksIn } from '../src/links.js';

describe('the web links of a message', () => {
  it('finds addresses written out and bare domains (as https), and nothing else', () => {
    expect(linksIn('see https://example.com/menu?day=1, www.chat.io and shop.example.org')).toEqual([
      'https://example.com/menu?day=1',
      'https://www.chat.io',
      'https://shop.example.org',
    ]);
    expect(linksIn('mail a@b.com, ftp://files.example.com, javascript:alert(1), file.txt, e.g. this')).toEqual([]);
    expect(linksIn('http://localhost:3000/path')).toEqual(['http://localhost:3000/path']);
    expect(linksIn(null)).toEqual([]);
  });
});
