import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { signRequest } from '@/contracts/h5';

/** Hex SHA-256 of a UTF-8 text (the hash the contract's signing helper takes). */
export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

/**
 * The page-builder call `url` with the request signature of spec 7.1 (noncestr, platform, timestamp,
 * organizationId, userId, sign) added as query parameters. Made when the request leaves: online
 * reads call it just before asking, queued writes from their kind's `send` (never when queued), so
 * a write replayed after hours offline carries a fresh timestamp. The signed path is the URL's path
 * without its query (e.g. `/event/work/01J…`), as the server sees it.
 */
export function signedUrl(url: string, now = Date.now()): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const params = signRequest(path, sha256Hex, now);
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return `${url}${q < 0 ? '?' : '&'}${query}`;
}
