/**
 * WebAuthn in the browser: the server's JSON options (base64url fields) to the objects
 * navigator.credentials takes, and the credential back to JSON, for browsers without the native
 * PublicKeyCredential.parseRequestOptionsFromJSON / toJSON.
 */

const toBytes = (value: string): ArrayBuffer => {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
};

const toBase64url = (buffer: ArrayBuffer | null | undefined): string | undefined => {
  if (!buffer) return undefined;
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

interface RequestOptionsJSON {
  challenge: string;
  allowCredentials?: Array<{ id: string; type: 'public-key'; transports?: string[] }>;
  [key: string]: unknown;
}

export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && Boolean(navigator.credentials);

/** A credential as the verify routes take it, with its `response` already in JSON. */
const credentialJSON = (credential: PublicKeyCredential, response: Record<string, unknown>) => ({
  id: credential.id,
  rawId: toBase64url(credential.rawId),
  type: credential.type,
  authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
  clientExtensionResults: credential.getClientExtensionResults(),
  response,
});

/** Asks the browser for a passkey assertion; the JSON the verify route takes. */
export async function getAssertion(options: RequestOptionsJSON): Promise<Record<string, unknown>> {
  const publicKey = {
    ...options,
    challenge: toBytes(options.challenge),
    allowCredentials: options.allowCredentials?.map((c) => ({ ...c, id: toBytes(c.id) })),
  } as PublicKeyCredentialRequestOptions;
  const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No passkey was chosen.');
  const response = credential.response as AuthenticatorAssertionResponse;
  return credentialJSON(credential, {
    clientDataJSON: toBase64url(response.clientDataJSON),
    authenticatorData: toBase64url(response.authenticatorData),
    signature: toBase64url(response.signature),
    userHandle: toBase64url(response.userHandle),
  });
}

interface CreationOptionsJSON {
  challenge: string;
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: Array<{ id: string; type: 'public-key'; transports?: string[] }>;
  [key: string]: unknown;
}

/** Asks the browser to make a passkey; the JSON the registration verify route takes. */
export async function createCredential(options: CreationOptionsJSON): Promise<Record<string, unknown>> {
  const publicKey = {
    ...options,
    challenge: toBytes(options.challenge),
    user: { ...options.user, id: toBytes(options.user.id) },
    excludeCredentials: options.excludeCredentials?.map((c) => ({ ...c, id: toBytes(c.id) })),
  } as PublicKeyCredentialCreationOptions;
  const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No passkey was made.');
  const response = credential.response as AuthenticatorAttestationResponse;
  return credentialJSON(credential, {
    clientDataJSON: toBase64url(response.clientDataJSON),
    attestationObject: toBase64url(response.attestationObject),
    transports: response.getTransports?.() ?? [],
  });
}
