import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Code } from '../../../src/contracts/codes';
import { DATASOURCE_CACHE_SECONDS, DATASOURCE_MAX_BYTES, DATASOURCE_TIMEOUT_MS, h5PublishMessages } from '../../../src/contracts/h5-publish';
import { ApiError, notFound } from '../../lib/errors';
import type { PublishService } from './publish-service';

/**
 * The datasource proxy of published pages (issue 19): an HTTP_API datasource of the PUBLISHED
 * snapshot is fetched by the server, by its id (the URL always comes from the snapshot, never from
 * the request), so a published page cannot be used to reach internal addresses:
 * - http and https only; the host must be a public unicast address (ipaddr.js ranges): loopback,
 *   private (10/8, 172.16/12, 192.168/16), link-local (169.254/16, fe80::/10), unique-local
 *   (fc00::/7), carrier-grade NAT, multicast, unspecified, reserved, documentation, 6to4 / NAT64 /
 *   Teredo forms and IPv4-mapped IPv6 of those are refused;
 * - names are checked where they are resolved for the connection (a custom `lookup` on the
 *   request), so a name that resolves to a public address when checked and to an internal one
 *   when connecting (DNS rebinding) is refused too; every address a name resolves to must be public;
 * - redirects are not followed (a 3xx is a failure); 5 s for the whole answer; at most 1 MB; only
 *   JSON and text answers are passed on;
 * - answers are kept 30 s in memory per work version and datasource, and concurrent requests for
 *   the same one share one upstream call. JSON, text/plain and text/csv only (no HTML: the answer
 *   is served from this origin).
 * YUNMIAN_DATASOURCE_ALLOW_PRIVATE=true lifts the address rule (development and tests only).
 */

export const ALLOW_PRIVATE_ENV = 'YUNMIAN_DATASOURCE_ALLOW_PRIVATE';
export const allowPrivateFromEnv = () => process.env[ALLOW_PRIVATE_ENV] === 'true';

const refused = () => new ApiError(Code.FORBIDDEN, 403, h5PublishMessages.dsRefused);
const failed = () => new ApiError(Code.SERVER_ERROR, 502, h5PublishMessages.dsFailed);
const timedOut = () => new ApiError(Code.SERVER_ERROR, 504, h5PublishMessages.dsTimeout);
const tooLarge = () => new ApiError(Code.SERVER_ERROR, 502, h5PublishMessages.dsTooLarge);
const notTextual = () => new ApiError(Code.SERVER_ERROR, 502, h5PublishMessages.dsType);

/** Whether an IP address (v4 or v6, IPv4-mapped included) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The datasource URL if the proxy may fetch it: http(s), and an IP host must be public. */
export function checkUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw refused();
  if (net.isIP(host) && !allowPrivate && !isPublicAddress(host)) throw refused();
  return url;
}

class RefusedAddress extends Error {
  code = 'EH5REFUSED';
}

type Resolve = (hostname: string, callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;
const systemResolve: Resolve = (hostname, callback) => dns.lookup(hostname, { all: true }, callback);

/** A `lookup` for the connection that refuses names resolving to any non-public address. */
export function guardedLookup(allowPrivate: boolean, resolve: Resolve = systemResolve): net.LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    resolve(hostname, (err, addresses) => {
      if (err) return callback(err);
      const family = options.family === 4 || options.family === 6 ? options.family : 0;
      const list = addresses.filter((a) => !family || a.family === family);
      if (list.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }));
      if (!allowPrivate && list.some((a) => !isPublicAddress(a.address))) return callback(new RefusedAddress(hostname));
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  }) as unknown as net.LookupFunction;
}

/** JSON, plain text and CSV; never HTML, XML or scripts (the answer is served from this origin). */
const TEXTUAL = /^(?:application\/(?:[\w.-]+\+)?json|text\/(?:plain|csv))\s*(?:;|$)/i;

export interface Upstream {
  contentType: string;
  body: Buffer;
}

/** GETs `url` under the proxy's rules; the answer or an ApiError. */
export function fetchUpstream(url: URL, lookup: net.LookupFunction, timeoutMs = DATASOURCE_TIMEOUT_MS, maxBytes = DATASOURCE_MAX_BYTES): Promise<Upstream> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const done = (err: ApiError | null, value?: Upstream) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) {
        req.destroy();
        reject(err);
      } else resolve(value!);
    };
    const mod = url.protocol === 'https:' ? https : http;
    const req = mod.request(url, {
      method: 'GET',
      agent: false,
      lookup,
      headers: { accept: 'application/json, text/plain;q=0.9, text/*;q=0.8', 'user-agent': 'Yunmian-Datasource/1.0' },
    });
    const timer = setTimeout(() => done(timedOut()), timeoutMs);
    req.on('error', (e) => done(e instanceof RefusedAddress || (e as { code?: string }).code === 'EH5REFUSED' ? refused() : failed()));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status < 200 || status >= 300) return done(failed());
      const contentType = String(res.headers['content-type'] ?? '');
      if (!TEXTUAL.test(contentType)) return done(notTextual());
      if (Number(res.headers['content-length']) > maxBytes) return done(tooLarge());
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > maxBytes) return done(tooLarge());
        chunks.push(c);
      });
      res.on('end', () => done(null, { contentType, body: Buffer.concat(chunks) }));
      res.on('error', () => done(failed()));
    });
    req.end();
  });
}

export interface ProxyOptions {
  allowPrivate?: () => boolean;
  resolve?: Resolve;
  now?: () => number;
}

/** The proxy over published snapshots, with its short cache. */
export function datasourceProxy(publish: PublishService, opts: ProxyOptions = {}) {
  const allowPrivate = opts.allowPrivate ?? allowPrivateFromEnv;
  const now = opts.now ?? Date.now;
  const cache = new Map<string, { until: number; value: Upstream }>();
  const inFlight = new Map<string, Promise<Upstream>>();

  return {
    async get(workId: string, datasourceId: string): Promise<Upstream> {
      const published = await publish.publishedWork(workId);
      if (!published) throw notFound(h5PublishMessages.pageGone);
      const ds = published.work.datasources.find((d) => d.id === datasourceId && d.type === 'HTTP_API');
      if (!ds) throw notFound(h5PublishMessages.dsNotFound);
      const key = `${workId}:${published.head.version}:${datasourceId}`;
      const hit = cache.get(key);
      if (hit && hit.until > now()) return hit.value;
      const running = inFlight.get(key);
      if (running) return running;
      const allow = allowPrivate();
      const url = checkUrl(ds.url, allow);
      const call = fetchUpstream(url, guardedLookup(allow, opts.resolve))
        .then((value) => {
          if (cache.size > 1000) cache.clear();
          cache.set(key, { until: now() + DATASOURCE_CACHE_SECONDS * 1000, value });
          return value;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, call);
      return call;
    },
  };
}
export type DatasourceProxy = ReturnType<typeof datasourceProxy>;
