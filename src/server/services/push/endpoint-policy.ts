/**
 * NOTE: which push endpoints the server will post to (ADR 053). An endpoint is a URL the browser hands us, so
 * without this the server would fetch any address a client names, private networks included. Rules:
 * - https only, no user name or password in it, and a host on the list: the known push services, or
 *   PUSH_ENDPOINT_HOSTS, which replaces them. An entry is a host name (`fcm.googleapis.com`), a `*.` suffix
 *   (`*.push.apple.com`: any name under it, not itself) and maybe `:port` (else only 443).
 * - Never a private, loopback, link-local or otherwise non-public address, named literally or resolved, unless the
 *   host is named exactly (no `*.`) in PUSH_ENDPOINT_HOSTS: the operator's own push service, or a test's.
 * - `accepts` is checked when subscribing and again before each delivery (the list may have changed); `agent`
 *   checks the addresses a name resolves to at connect time, so DNS cannot point an accepted name inward.
 */
import dns from 'node:dns';
import https from 'node:https';
import type { LookupAddress, LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/** Chrome's and Edge's (FCM, and WNS for Edge on Windows), Firefox's (autopush) and Apple's push services. */
export const KNOWN_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

type Entry = { name: string; suffix: boolean; port: string };
export type Lookup = (hostname: string) => Promise<LookupAddress[]>;

function entryOf(text: string): Entry {
  const m = /^(\*\.)?(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(text)!;
  return { suffix: Boolean(m[1]), name: m[2]!.replace(/^\[|\]$/g, ''), port: m[3] ?? '443' };
}

/** A DNS name as push services use them: dot-separated labels of letters, digits and inner hyphens. */
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const isPublic = (address: string) => ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

export function createEndpointPolicy(configured: string[] | undefined, lookup: Lookup = (h) => dns.promises.lookup(h, { all: true })) {
  const entries = (configured ?? KNOWN_PUSH_HOSTS).map(entryOf);
  const port = (url: URL) => url.port || '443';
  const matches = (e: Entry, host: string, p: string) => e.port === p && (e.suffix ? host.endsWith(`.${e.name}`) : host === e.name);
  /**
   * Named exactly by the operator: may be a private address (their own push service, or a test's). `p` undefined: on
   * any listed port (a lookup does not see the port; `refusal` checked it).
   */
  const trusted = (host: string, p?: string) =>
    configured !== undefined && entries.some((e) => !e.suffix && e.name === host && (p === undefined || e.port === p));

  /** Why `endpoint` is refused, or null when it may be posted to. Post to `normalized(endpoint)` only. */
  function refusal(endpoint: string): string | null {
    const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
    if (!url || url.protocol !== 'https:') return 'Endpoint must be an https URL';
    if (url.username || url.password) return 'Endpoint must not hold a user name or password';
    // Letters, digits, dots and hyphens (or an IP literal) only: web-push parses the URL again with Node's legacy
    // parser, which reads a name like '10.0.0.1;.x.notify.windows.com' as the address before the ';'.
    if (!HOST_NAME.test(url.hostname) && !/^\[[0-9a-f:.]+\]$/.test(url.hostname)) return 'Endpoint must name its host plainly';
    const host = bare(url.hostname);
    if (!entries.some((e) => matches(e, host, port(url)))) return 'Endpoint is not a known push service';
    if (ipaddr.isValid(host) && !isPublic(host) && !trusted(host, port(url))) return 'Endpoint must not be a private address';
    return null;
  }

  /** Connects only to public addresses, except for trusted hosts (and then on the listed port only). */
  function guardedLookup(hostname: string, options: LookupOptions, callback: (...args: unknown[]) => void) {
    lookup(hostname).then(
      (found) => {
        const allowed = trusted(bare(hostname)) ? found : found.filter((a) => isPublic(a.address));
        if (allowed.length === 0)
          return callback(Object.assign(new Error(`${hostname} resolves to no public address`), { code: 'EPRIVATE' }));
        if (options.all) return callback(null, allowed);
        callback(null, allowed[0]!.address, allowed[0]!.family);
      },
      (err: unknown) => callback(err),
    );
  }

  const agent = new https.Agent({ keepAlive: true, maxSockets: 16, lookup: guardedLookup as never });

  /** The form stored and posted to: WHATWG-normalised, as checked (never the text as the client sent it). */
  const normalized = (endpoint: string) => new URL(endpoint).href;

  return { refusal, normalized, agent };
}

export type EndpointPolicy = ReturnType<typeof createEndpointPolicy>;
