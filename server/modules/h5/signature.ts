import type { FastifyInstance } from 'fastify';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { hasSignature, verifySignature } from '../../../src/contracts/h5';
import { badRequest } from '../../lib/errors';

/** Hex SHA-256 of a text (the client signs with the same @noble/hashes). */
export const sha256Hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

/**
 * The request-signing check of spec 7.1 for every route of the scope (the page-builder calls):
 * a call whose query carries `sign` must carry a right and fresh signature over its path (without
 * the query), else 400 `请求签名无效` / `请求签名已过期，请检查设备时间`. Unsigned calls pass: the
 * session token authorises, the signature is an integrity check. Runs before the session is read,
 * so a bad signature costs no query.
 */
export function registerSignatureCheck(app: FastifyInstance, now: () => number = Date.now) {
  app.addHook('onRequest', async (request) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (!hasSignature(query)) return;
    const path = request.url.split('?')[0]!;
    const problem = verifySignature(query, path, sha256Hex, now());
    if (problem) throw badRequest(problem);
  });
}
