import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The password as it travels on the wire (spec 5.2: "send a hashed password"): the hex SHA-256 of
 * the typed text. The server never sees the typed text on login; it stores only a slow salted hash
 * (scrypt) of this value.
 */
export function hashPassword(plain: string): string {
  return bytesToHex(sha256(utf8ToBytes(plain)));
}
