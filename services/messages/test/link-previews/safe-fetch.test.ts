import { describe, expect, it } from 'vitest';
import { isPublicAddress, linkFetchPolicy, PUBLIC_WEB } from '../../src/link-previews/safe-fetch.js';

describe('the addresses a link preview may be fetched from', () => {
  it('takes the public internet, IPv4 and IPv6', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses loopback, private, link-local (the cloud metadata service), shared, multicast and unspecified ones, however written', () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.7',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('takes the web’s own ports only', () => {
    expect([80, 443, 8080, 22, 6379].map((port) => PUBLIC_WEB.allowsAddress('93.184.216.34', port))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('takes the addresses LINK_PREVIEWS_FROM names, on any port, and nothing else more', async () => {
    const policy = linkFetchPolicy({ web: true, addresses: ['10.1.2.3', '::1'] });
    expect(policy.allowsAddress('10.1.2.3', 8080)).toBe(true);
    expect(policy.allowsAddress('0:0:0:0:0:0:0:1', 3000), 'however written').toBe(true);
    expect(policy.allowsAddress('10.1.2.4', 80)).toBe(false);
    expect(policy.allowsAddress('93.184.216.34', 8080), 'the public web keeps its ports').toBe(false);
    expect(linkFetchPolicy({ web: true, addresses: [] })).toBe(PUBLIC_WEB);
  });

  it('without the web, takes only the addresses named, and resolves no name (nothing asked of a DNS server)', async () => {
    const policy = linkFetchPolicy({ web: false, addresses: ['127.0.0.1'] });
    expect([policy.allowsAddress('127.0.0.1', 4000), policy.allowsAddress('93.184.216.34', 443)]).toEqual([true, false]);
    expect(await policy.resolve('example.com')).toEqual([]);
  });
});
