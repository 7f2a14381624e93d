import { randomBytes, scrypt as scryptCb, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { hashPassword } from '../../src/contracts/password';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

/** Stores a slow salted hash (scrypt) of the wire-hashed password. */
export async function storePassword(wireHash: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(wireHash, salt, KEYLEN, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Same as storePassword for a password typed in plain (seed, env, password change). */
export function storePlainPassword(plain: string): Promise<string> {
  return storePassword(hashPassword(plain));
}

const DUMMY = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** Constant-work check; pass null for an unknown account so timing does not reveal it. */
export async function verifyPassword(wireHash: string, stored: string | null): Promise<boolean> {
  const [alg, n, r, p, saltB64, keyB64] = (stored ?? DUMMY).split('$');
  if (alg !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(wireHash, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return stored !== null && key.length === expected.length && timingSafeEqual(key, expected);
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
