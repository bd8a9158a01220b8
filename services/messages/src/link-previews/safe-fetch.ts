import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import ipaddr from 'ipaddr.js';

/** Where the server may fetch from on a person's behalf. */
export interface FetchPolicy {
  /** Whether an address may be connected to on a port: by default the public internet's only, on the web's ports. */
  allowsAddress(address: string, port: number): boolean;
  /** Every address a host name resolves to (tests name hosts of their own). */
  resolve(host: string): Promise<string[]>;
}

/**
 * Whether an address is on the public internet: never loopback, private, link-local (the cloud's
 * metadata service at 169.254.169.254), carrier-grade NAT, multicast, reserved or unspecified; an
 * IPv4 address written as IPv6 is judged as the IPv4 one.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

/** The public web on its usual ports, names resolved by the system. */
export const PUBLIC_WEB: FetchPolicy = {
  allowsAddress: (address, port) => isPublicAddress(address) && (port === 80 || port === 443),
  resolve: async (host) => (await lookup(host, { all: true, verbatim: true })).map((answer) => answer.address),
};

/**
 * Where LINK_PREVIEWS_FROM says: the public web (names resolved by the system), and besides it these
 * addresses on any port (an intranet's server; a test's own). Without the web, no name is resolved
 * at all: only an address written in the link is fetched, and nothing leaves for a DNS server.
 */
export function linkFetchPolicy({ web, addresses }: { web: boolean; addresses: readonly string[] }): FetchPolicy {
  if (web && addresses.length === 0) return PUBLIC_WEB;
  const extra = new Set(addresses.map((address) => ipaddr.process(address).toString()));
  const isExtra = (address: string) => ipaddr.isValid(address) && extra.has(ipaddr.process(address).toString());
  return {
    allowsAddress: (address, port) => isExtra(address) || (web && PUBLIC_WEB.allowsAddress(address, port)),
    resolve: web ? PUBLIC_WEB.resolve : async () => [],
  };
}

/** A fetch the policy or the page refused: nothing is shown for it. */
export class FetchRefused extends Error {}

export interface FetchLimits {
  /** The bytes read at most: past them a page is cut there (`truncate`), anything else refused. */
  maxBytes: number;
  truncate: boolean;
  /** The time for the whole fetch, redirects included. */
  timeoutMs: number;
  accept: string;
}

export interface Fetched {
  /** Where it was found, after the redirects. */
  url: URL;
  contentType: string;
  body: Buffer;
}

/** Redirects followed at most. */
const MAX_REDIRECTS = 3;

/**
 * GETs a web address the way a server must on a person's behalf: each hop's host is resolved and
 * every address it resolves to checked against the policy before connecting, and the connection
 * made to the address checked (a second lookup could answer otherwise: DNS rebinding); redirects
 * are followed by hand, each checked again; the size and the time are capped.
 */
export async function safeFetch(address: string, policy: FetchPolicy, limits: FetchLimits): Promise<Fetched> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = new URL(address);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const response = await requestChecked(url, policy, limits.accept, signal);
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.resume();
      url = new URL(location, url);
      continue;
    }
    if (response.statusCode !== 200) {
      response.resume();
      throw new FetchRefused(`answered ${response.statusCode}`);
    }
    const body = await readCapped(response, limits);
    return { url, contentType: response.headers['content-type'] ?? '', body };
  }
  throw new FetchRefused('too many redirects');
}

async function requestChecked(url: URL, policy: FetchPolicy, accept: string, signal: AbortSignal): Promise<IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('not a web address');
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host) ? [host] : await policy.resolve(host).catch(() => []);
  if (addresses.length === 0 || !addresses.every((each) => policy.allowsAddress(each, port))) throw new FetchRefused('address not allowed');
  const [connectTo] = addresses as [string];
  const family = ipaddr.parse(connectTo).kind() === 'ipv6' ? 6 : 4;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, {
      method: 'GET',
      signal,
      headers: { accept, 'user-agent': 'Chat.io link preview' },
      // The address checked above, whatever a second lookup would say.
      lookup: (_host, options, callback) => {
        if ((options as { all?: boolean }).all)
          (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: connectTo, family }]);
        else callback(null, connectTo, family);
      },
    });
    outgoing.on('response', resolve);
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function readCapped(response: IncomingMessage, { maxBytes, truncate }: FetchLimits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size <= maxBytes) return;
      // Settled before the connection is cut: cutting it reports the response aborted.
      if (truncate) resolve(Buffer.concat(chunks).subarray(0, maxBytes));
      else reject(new FetchRefused('too large'));
      response.destroy();
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', reject);
    response.on('aborted', () => reject(new FetchRefused('aborted')));
  });
}
