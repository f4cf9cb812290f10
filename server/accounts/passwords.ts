// Password hashing: scrypt (node:crypto), a random 16-byte salt per password.
// Stored form: "scrypt$N$r$p$<salt hex>$<hash hex>".
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/**
 * A fixed hash of a random password nobody knows, with the same parameters: a login for an
 * unknown account (or one whose stored hash is not usable) runs scrypt against it, so it takes
 * as long as a login for a known one (ADR 0020).
 */
export const DUMMY_PASSWORD_HASH =
  'scrypt$16384$8$1$f6513c8c9a91c9f27ca8207aaa77bc92$3c7973e9a4c01309852d1b0d77a13fea7f3be4c9bc01dcb92983ea2d04f00587';

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('hex'), hash.toString('hex')].join(
    '$',
  );
}

/** Whether `password` matches `stored`; an unusable `stored` costs the same scrypt and fails. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || saltHex === undefined || hashHex === undefined) {
    await verifyPassword(password, DUMMY_PASSWORD_HASH);
    return false;
  }
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await derive(password, Buffer.from(saltHex, 'hex'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, opts, (err, key) => {
      if (err) reject(err);
      else resolve(key);
    });
  });
}
