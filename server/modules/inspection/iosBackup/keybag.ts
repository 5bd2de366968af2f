import { createCipheriv, createDecipheriv, pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';

import { BackupError } from './backupError';

const pbkdf2Async = promisify(pbkdf2);

/**
 * An encrypted backup's keybag (Manifest.plist `BackupKeyBag`): TLV records (4-byte tag, 4-byte
 * big-endian length). The header holds the password's derivation (SALT/ITER, and since iOS 10.2
 * DPSL/DPIC for a first PBKDF2-SHA256 round); each class key starts with its UUID and carries
 * CLAS (protection class), WRAP (2: wrapped by the password key), KTYP and WPKY (the wrapped key).
 */
export interface Keybag {
  type?: number;
  salt?: Buffer;
  iterations?: number;
  dpsl?: Buffer;
  dpic?: number;
  classKeys: Array<{ uuid: Buffer; clas: number; wrap: number; ktyp?: number; wpky: Buffer }>;
}

/**
 * Iteration counts a keybag may ask for. iTunes writes ITER 10,000 and DPIC 10,000,000 (some
 * seconds of PBKDF2, off the event loop); an upload asking for more would hold a worker thread
 * for minutes, so it is refused.
 */
export const MAX_KEYBAG_ITER = 1_000_000;
export const MAX_KEYBAG_DPIC = 20_000_000;
const MAX_KEYBAG_BYTES = 64 * 1024;

const WRAP_IV = Buffer.from('a6a6a6a6a6a6a6a6', 'hex');
const WRAP_PASSCODE = 2;

export function parseKeybag(data: Buffer): Keybag {
  if (data.length > MAX_KEYBAG_BYTES) throw new BackupError('keybag', 'the backup keybag is larger than 64 KiB');
  const bag: Keybag = { classKeys: [] };
  let current: Partial<Keybag['classKeys'][number]> | null = null;
  let headerUuid = false;
  const flush = () => {
    if (current?.uuid && current.wpky && current.clas !== undefined)
      bag.classKeys.push({
        uuid: current.uuid,
        clas: current.clas,
        wrap: current.wrap ?? 0,
        ktyp: current.ktyp,
        wpky: current.wpky,
      });
  };
  for (let at = 0; at < data.length;) {
    if (at + 8 > data.length) throw new BackupError('keybag', 'the backup keybag is truncated');
    const tag = data.toString('latin1', at, at + 4);
    const length = data.readUInt32BE(at + 4);
    if (at + 8 + length > data.length) throw new BackupError('keybag', `the backup keybag is truncated (in ${tag})`);
    const value = data.subarray(at + 8, at + 8 + length);
    at += 8 + length;
    const int = () => (length === 4 ? value.readUInt32BE(0) : length === 8 ? Number(value.readBigUInt64BE(0)) : NaN);
    if (tag === 'UUID') {
      // The first UUID is the keybag's own; each later one starts a class key.
      if (!headerUuid) {
        headerUuid = true;
        continue;
      }
      flush();
      current = { uuid: Buffer.from(value) };
    } else if (current) {
      if (tag === 'CLAS') current.clas = int();
      else if (tag === 'WRAP') current.wrap = int();
      else if (tag === 'KTYP') current.ktyp = int();
      else if (tag === 'WPKY') current.wpky = Buffer.from(value);
    } else if (tag === 'TYPE') bag.type = int();
    else if (tag === 'SALT') bag.salt = Buffer.from(value);
    else if (tag === 'ITER') bag.iterations = int();
    else if (tag === 'DPSL') bag.dpsl = Buffer.from(value);
    else if (tag === 'DPIC') bag.dpic = int();
  }
  flush();
  if (!bag.salt || !bag.iterations) throw new BackupError('keybag', 'the backup keybag has no SALT/ITER');
  if (bag.classKeys.length === 0) throw new BackupError('keybag', 'the backup keybag holds no class key');
  return bag;
}

/** The key that unwraps the class keys: PBKDF2-SHA256 (DPIC, DPSL) when present, then PBKDF2-SHA1 (ITER, SALT). */
export async function passwordKey(bag: Keybag, password: string): Promise<Buffer> {
  const iter = bag.iterations!;
  if (!Number.isInteger(iter) || iter < 1 || iter > MAX_KEYBAG_ITER)
    throw new BackupError(
      'keybag',
      `the backup keybag asks for ${iter} PBKDF2 iterations (at most ${MAX_KEYBAG_ITER})`,
    );
  let secret: Buffer = Buffer.from(password, 'utf8');
  if (bag.dpsl && bag.dpic !== undefined) {
    if (!Number.isInteger(bag.dpic) || bag.dpic < 1 || bag.dpic > MAX_KEYBAG_DPIC)
      throw new BackupError(
        'keybag',
        `the backup keybag asks for ${bag.dpic} PBKDF2 iterations (at most ${MAX_KEYBAG_DPIC})`,
      );
    secret = await pbkdf2Async(secret, bag.dpsl, bag.dpic, 32, 'sha256');
  }
  return pbkdf2Async(secret, bag.salt!, iter, 32, 'sha1');
}

/** RFC 3394 AES key unwrap; null when the integrity check fails (the wrong key). */
export function aesUnwrap(kek: Buffer, wrapped: Buffer): Buffer | null {
  if (wrapped.length < 24 || wrapped.length % 8 !== 0) return null;
  try {
    const decipher = createDecipheriv(kek.length === 16 ? 'id-aes128-wrap' : 'id-aes256-wrap', kek, WRAP_IV);
    return Buffer.concat([decipher.update(wrapped), decipher.final()]);
  } catch {
    return null;
  }
}

export function aesWrap(kek: Buffer, key: Buffer): Buffer {
  const cipher = createCipheriv('id-aes256-wrap', kek, WRAP_IV);
  return Buffer.concat([cipher.update(key), cipher.final()]);
}

/** The class keys by protection class; BackupError 'password' when the password does not unwrap them. */
export async function unlockKeybag(bag: Keybag, password: string): Promise<Map<number, Buffer>> {
  const key = await passwordKey(bag, password);
  const keys = new Map<number, Buffer>();
  for (const k of bag.classKeys) {
    if (!(k.wrap & WRAP_PASSCODE)) continue;
    const unwrapped = aesUnwrap(key, k.wpky);
    if (!unwrapped) throw new BackupError('password', 'wrong backup password: it does not unlock the backup keybag');
    keys.set(k.clas, unwrapped);
  }
  if (keys.size === 0) throw new BackupError('keybag', 'the backup keybag holds no password-wrapped class key');
  return keys;
}

/** A keybag as the generator writes it (the tags above, in iTunes' order). */
export function writeKeybag(fields: {
  uuid: Buffer;
  salt: Buffer;
  iterations: number;
  dpsl: Buffer;
  dpic: number;
  classKeys: Array<{ uuid: Buffer; clas: number; wpky: Buffer }>;
}): Buffer {
  const tlv = (tag: string, value: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(tag, 0, 'latin1');
    head.writeUInt32BE(value.length, 4);
    return Buffer.concat([head, value]);
  };
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  return Buffer.concat([
    tlv('VERS', u32(4)),
    tlv('TYPE', u32(1)),
    tlv('UUID', fields.uuid),
    tlv('WRAP', u32(0)),
    tlv('SALT', fields.salt),
    tlv('ITER', u32(fields.iterations)),
    tlv('DPWT', u32(1)),
    tlv('DPIC', u32(fields.dpic)),
    tlv('DPSL', fields.dpsl),
    ...fields.classKeys.flatMap((k) => [
      tlv('UUID', k.uuid),
      tlv('CLAS', u32(k.clas)),
      tlv('WRAP', u32(WRAP_PASSCODE)),
      tlv('KTYP', u32(0)),
      tlv('WPKY', k.wpky),
    ]),
  ]);
}
