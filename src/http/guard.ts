/**
 * The private-address guard of the shared HTTP client, for every fetch of a URL that came from a
 * user, a brand, a page or a store (a brand's website and its images, a cart hook, policy pages,
 * images an ad generator names).
 *
 * - `addressClass` is the pure rule: an IP address (v4 or v6) -> the class that refuses it, or
 *   undefined for a public address. IPv6 forms that carry an IPv4 address (IPv4-mapped
 *   ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16, Teredo
 *   2001::/32) are judged by the IPv4 address they carry.
 * - `resolveTarget` resolves a URL's host itself (every address of the name, as dns.lookup with
 *   `all: true` gives them) and refuses the URL when any of them is refused; an IP literal is
 *   judged as it is (the WHATWG URL parser has already turned `127.1`, `0x7f000001`, `2130706433`
 *   and `0177.0.0.1` into 127.0.0.1), and `localhost` and `*.localhost` are loopback by name.
 * - The client then connects to the address that was checked and to no other (`pinnedLookup`),
 *   so a name that answers differently a second time (DNS rebinding) cannot move the connection,
 *   and checks every redirect hop the same way before following it.
 *
 * ALLOW_PRIVATE_NETWORK_FETCH lets a developer point these fetches at local servers; production
 * leaves it off.
 */
import { lookup as dnsLookup } from 'node:dns';
import { isIP, isIPv4 } from 'node:net';
import { AppError } from '../app/index.ts';

export type AddressClass =
  'loopback' | 'private' | 'link-local' | 'carrier-grade NAT' | 'multicast' | 'unspecified' | 'reserved';

/** One address of a name, as dns.lookup gives it. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name (dns.lookup with `all: true` by default). */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

/** What a guarded client may fetch. */
export interface FetchGuard {
  /** ALLOW_PRIVATE_NETWORK_FETCH: when true every address is fetched (a developer's local servers). */
  allowPrivate: boolean;
  /**
   * Exact addresses fetched although their class is refused, each judged on its own (so a
   * redirect to any other private address is still refused). Not a setting: code that runs a
   * known local server passes it.
   */
  allowAddresses?: readonly string[];
  /** Resolves host names (default: node's dns.lookup with all: true). */
  lookup?: HostLookup;
}

export const defaultLookup: HostLookup = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })));
    });
  });

const v4 = (text: string): number => text.split('.').reduce((n, part) => n * 256 + Number(part), 0) >>> 0;
const inV4 = (ip: number, base: string, bits: number): boolean =>
  bits === 0 || ip >>> (32 - bits) === v4(base) >>> (32 - bits);

const V4_RANGES: ReadonlyArray<[string, number, AddressClass]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['127.0.0.0', 8, 'loopback'],
  ['10.0.0.0', 8, 'private'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['169.254.0.0', 16, 'link-local'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['192.0.0.0', 24, 'reserved'],
  ['198.18.0.0', 15, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

function ipv4Class(ip: number): AddressClass | undefined {
  return V4_RANGES.find(([base, bits]) => inV4(ip, base, bits))?.[2];
}

/** The 16 bytes of an IPv6 address (zone id dropped); undefined when it is not one. */
export function ipv6Bytes(text: string): number[] | undefined {
  const address = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(address) !== 6) return undefined;
  let head = address;
  const tail: number[] = [];
  const dotted = /(?:^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const n = v4(dotted[1]!);
    tail.push(n >>> 16, n & 0xffff);
    head = address.slice(0, address.length - dotted[1]!.length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const [left, right] = head.includes('::') ? head.split('::') : [head, undefined];
  const words = (part: string | undefined) =>
    part
      ? part
          .split(':')
          .filter(Boolean)
          .map((w) => parseInt(w, 16))
      : [];
  const l = words(left);
  const r = [...words(right), ...tail];
  const fill = right === undefined ? [] : new Array<number>(8 - l.length - r.length).fill(0);
  const all = right === undefined ? [...l, ...tail] : [...l, ...fill, ...r];
  if (all.length !== 8) return undefined;
  return all.flatMap((w) => [w >>> 8, w & 0xff]);
}

const word = (b: number[], i: number): number => (b[i * 2]! << 8) | b[i * 2 + 1]!;
const v4At = (b: number[], at: number): number =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const zeros = (b: number[], from: number, to: number): boolean => b.slice(from, to).every((x) => x === 0);

/** The IPv4 address an IPv6 form carries (mapped, compatible, NAT64, 6to4, Teredo), if any. */
function embeddedV4(b: number[]): { ip: number; form: string } | undefined {
  if (zeros(b, 0, 10) && word(b, 5) === 0xffff) return { ip: v4At(b, 12), form: 'IPv4-mapped' };
  if (zeros(b, 0, 12)) return { ip: v4At(b, 12), form: 'IPv4-compatible' };
  if (word(b, 0) === 0x64 && word(b, 1) === 0xff9b && zeros(b, 4, 12)) return { ip: v4At(b, 12), form: 'NAT64' };
  if (word(b, 0) === 0x2002) return { ip: v4At(b, 2), form: '6to4' };
  if (word(b, 0) === 0x2001 && word(b, 1) === 0) return { ip: ~v4At(b, 12) >>> 0, form: 'Teredo' };
  return undefined;
}

function ipv6Class(b: number[]): AddressClass | undefined {
  if (zeros(b, 0, 16)) return 'unspecified';
  if (zeros(b, 0, 15) && b[15] === 1) return 'loopback';
  const first = word(b, 0);
  if ((first & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfec0) return 'private'; // fec0::/10 site-local (deprecated)
  if ((first & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((first & 0xff00) === 0xff00) return 'multicast'; // ff00::/8
  if (first === 0x64 && word(b, 1) === 0xff9b && word(b, 2) === 1) return 'private'; // 64:ff9b:1::/48 local NAT64
  if (first === 0x100 && zeros(b, 2, 8)) return 'reserved'; // 100::/64 discard
  return undefined;
}

/** Why an address is refused: its class, and the IPv4 form it carries when that decided. */
export interface Refusal {
  class: AddressClass;
  /** 'IPv4-mapped', 'NAT64', ... when the class is the one of the IPv4 address inside. */
  via?: string;
}

/** The pure rule: the class that refuses `address`, or undefined when it is public. Not an IP: undefined. */
export function refusalOf(address: string): Refusal | undefined {
  const plain = address.replace(/^\[|\]$/g, '');
  if (isIPv4(plain)) {
    const found = ipv4Class(v4(plain));
    return found ? { class: found } : undefined;
  }
  const bytes = ipv6Bytes(plain);
  if (!bytes) return undefined;
  const own = ipv6Class(bytes);
  if (own) return { class: own };
  const inner = embeddedV4(bytes);
  const found = inner ? ipv4Class(inner.ip) : undefined;
  return found && inner ? { class: found, via: inner.form } : undefined;
}

/** The class of `address` (see refusalOf), or undefined for a public address. */
export const addressClass = (address: string): AddressClass | undefined => refusalOf(address)?.class;

/** Thrown for a URL whose host is (or resolves to) a refused address: invalid_input (exit 1, HTTP 400). */
export class PrivateAddressError extends AppError {
  readonly address: string;
  readonly addressClass: AddressClass;
  constructor(url: string, address: string, refusal: Refusal) {
    const what = refusal.via ? `${refusal.class} (${refusal.via})` : refusal.class;
    super(
      'invalid_input',
      `Refused to fetch ${url}: the address ${address} is ${what} (private network addresses are not fetched; see ALLOW_PRIVATE_NETWORK_FETCH)`,
      { code: 'private_address', details: { address, address_class: refusal.class } },
    );
    this.name = 'PrivateAddressError';
    this.address = address;
    this.addressClass = refusal.class;
  }
}

/** A URL shown in an error: no credentials, no query string. */
const shown = (url: URL): string => `${url.protocol}//${url.host}${url.pathname}`;

const LOCALHOST = /(?:^|\.)localhost\.?$/i;

/**
 * The address a guarded fetch of `url` connects to: the URL's own address when it is an IP
 * literal, else the first of the name's addresses. Throws PrivateAddressError when that address,
 * or any other address of the name, is refused; the lookup's own failure is thrown as it is.
 * With allowPrivate, nothing is checked and undefined is returned (the connection resolves as usual).
 */
export async function resolveTarget(url: URL, guard: FetchGuard): Promise<ResolvedAddress | undefined> {
  if (guard.allowPrivate) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allowed = (address: string) => guard.allowAddresses?.includes(address) ?? false;
  const judge = (address: string): void => {
    const refusal = refusalOf(address);
    if (refusal && !allowed(address)) throw new PrivateAddressError(shown(url), address, refusal);
  };
  const family = isIP(host);
  if (family !== 0) {
    judge(host);
    return { address: host, family: family === 6 ? 6 : 4 };
  }
  if (LOCALHOST.test(host)) throw new PrivateAddressError(shown(url), host, { class: 'loopback' });
  const addresses = await (guard.lookup ?? defaultLookup)(host);
  if (addresses.length === 0)
    throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND', hostname: host });
  for (const { address } of addresses) judge(address);
  return addresses[0];
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | Array<{ address: string; family: number }>,
  family?: number,
) => void;

/**
 * A `lookup` for the connection (got's dnsLookup) that answers with the checked address only,
 * whatever name it is asked for and however it is asked (one address, or all of them).
 */
export function pinnedLookup(target: ResolvedAddress) {
  return (_hostname: string, options: unknown, callback?: LookupCallback): void => {
    const done = (typeof options === 'function' ? options : callback) as LookupCallback;
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all === true;
    if (all) done(null, [{ address: target.address, family: target.family }]);
    else done(null, target.address, target.family);
  };
}
