import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A WebAuthn authenticator in software for the tests: one ES256 (P-256) key per credential,
 * attestation "none", authenticatorData and CBOR written by hand (WebAuthn Level 2 §6.1, §6.5;
 * RFC 8949), so the server's library checks bytes it did not produce itself.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

export interface CeremonyOptions {
  /** Default true: the authenticator verified the user (PIN, biometrics). */
  userVerified?: boolean;
  origin?: string;
  rpId?: string;
  /** Signature counter to report (default: the credential's previous one + 1). */
  counter?: number;
}

function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

function flags(userVerified: boolean, attested: boolean): number {
  return FLAG_UP | (userVerified ? FLAG_UV : 0) | (attested ? FLAG_AT : 0);
}

function counterBytes(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {}

  /** Answers registration options as navigator.credentials.create would (RegistrationResponseJSON). */
  register(options: { challenge: string; user: { id: string } }, opts: CeremonyOptions = {}) {
    const rpId = opts.rpId ?? this.rpId;
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(32);
    const counter = opts.counter ?? 0;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags(opts.userVerified ?? true, true)]),
      counterBytes(counter),
      Buffer.alloc(16), // aaguid: none
      Buffer.from([id.length >> 8, id.length & 0xff]),
      id,
      coseKey(publicKey),
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const credential: SoftCredential = { id, privateKey, userHandle: options.user.id, counter };
    this.credentials.push(credential);
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', options.challenge, opts.origin ?? this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** Answers authentication options as navigator.credentials.get would (AuthenticationResponseJSON). */
  assert(options: { challenge: string }, opts: CeremonyOptions & { credential?: SoftCredential } = {}) {
    const credential = opts.credential ?? this.credentials[0];
    if (!credential) throw new Error('no credential registered');
    const rpId = opts.rpId ?? this.rpId;
    credential.counter = opts.counter ?? credential.counter + 1;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags(opts.userVerified ?? true, false)]),
      counterBytes(credential.counter),
    ]);
    const clientDataJSON = clientData('webauthn.get', options.challenge, opts.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}
