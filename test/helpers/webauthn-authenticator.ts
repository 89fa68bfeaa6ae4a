/**
 * A software WebAuthn authenticator for tests: what a browser plus a platform authenticator
 * would answer to navigator.credentials.create() / get(), built by hand from the spec
 * (https://www.w3.org/TR/webauthn-2/): a P-256 key from node:crypto, clientDataJSON,
 * authenticator data (rpIdHash, flags, signCount, attested credential data with a COSE EC2 key),
 * an attestation object in CBOR with fmt 'none', and ES256 (DER) assertion signatures over
 * authData || SHA-256(clientDataJSON).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

// ---- a tiny CBOR encoder (RFC 8949): unsigned and negative ints, byte and text strings, arrays, maps

export type CborValue =
  number | string | Uint8Array | CborValue[] | Map<CborValue, CborValue> | { [key: string]: CborValue };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(length, 1);
    return out;
  }
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

export function cborEncode(value: CborValue): Buffer {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('only integers are supported');
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cborEncode)]);
  const entries: Array<[CborValue, CborValue]> = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cborEncode(k), cborEncode(v)])]);
}

// ---- the authenticator

const b64url = (bytes: Uint8Array | string): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  userHandle: string;
  signCount: number;
}

export interface CeremonyOverrides {
  /** Pretend the browser was on another origin (a phishing site). */
  origin?: string;
  /** Sign another challenge than the one asked for. */
  challenge?: string;
  /** Leave the user-verified flag out. */
  withoutUserVerification?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(private readonly origin: string) {}

  /** The COSE_Key of an EC2 P-256 public key: {1: 2, 3: -7, -1: 1, -2: x, -3: y}. */
  static coseKey(publicKey: KeyObject): Buffer {
    const jwk = publicKey.export({ format: 'jwk' });
    return cborEncode(
      new Map<CborValue, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(
    type: 'webauthn.create' | 'webauthn.get',
    challenge: string,
    overrides: CeremonyOverrides,
  ): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: overrides.challenge ?? challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }

  private static flags(overrides: CeremonyOverrides, extra = 0): number {
    return FLAG_UP | (overrides.withoutUserVerification ? 0 : FLAG_UV) | extra;
  }

  private static counter(value: number): Buffer {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(value);
    return out;
  }

  /** navigator.credentials.create(): a new key pair and its attestation (fmt none). */
  createCredential(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides: CeremonyOverrides = {},
  ): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(16);
    const credential: StoredCredential = { id, privateKey, publicKey, rpId, userHandle: options.user.id, signCount: 0 };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([SoftwareAuthenticator.flags(overrides, FLAG_AT)]),
      SoftwareAuthenticator.counter(credential.signCount),
      Buffer.alloc(16), // aaguid: zeros, as for fmt 'none'
      idLength,
      id,
      SoftwareAuthenticator.coseKey(publicKey),
    ]);
    const attestationObject = cborEncode({ fmt: 'none', attStmt: {}, authData });
    this.credentials.push(credential);
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, overrides)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get(): an ES256 assertion by the first allowed credential this authenticator holds. */
  getAssertion(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides: CeremonyOverrides = {},
  ): AuthenticationResponseJSON {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = new Set((options.allowCredentials ?? []).map((c) => c.id));
    const credential = this.credentials.find(
      (c) => c.rpId === rpId && (allowed.size === 0 || allowed.has(b64url(c.id))),
    );
    if (!credential) throw new Error('NotAllowedError: no credential for this relying party');
    credential.signCount += 1;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([SoftwareAuthenticator.flags(overrides)]),
      SoftwareAuthenticator.counter(credential.signCount),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey); // DER-encoded ECDSA
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
