/** Stripe's errors, and reading form parameters the way Stripe coerces and checks them. */
import type { Json } from '../server.ts';
import type { Metadata, StripeErrorBody } from './types.ts';

/** The error a handler throws; the server writes it in Stripe's envelope. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export const invalid = (message: string, param?: string, code?: string): StripeApiError =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });
export const missing = (param: string): StripeApiError =>
  invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
/** 404 for an id in the URL; referenced ids in parameters answer 400 with the same code, as Stripe does. */
export const noSuch = (thing: string, id: string, param = 'id', status = 404): StripeApiError =>
  new StripeApiError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${thing}: '${id}'`,
    param,
  });
export const exclusive = (a: string, b: string): StripeApiError =>
  invalid(`You may only specify one of these parameters: ${a}, ${b}.`, b);

export function readString(params: Json, key: string, path = key): string | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${JSON.stringify(value)}`, path);
  return value;
}

export function requireString(params: Json, key: string, path = key): string {
  const value = readString(params, key, path);
  if (value === undefined) throw missing(path);
  return value;
}

export function readInt(params: Json, key: string, path = key): number | undefined {
  const value = readString(params, key, path);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, path, 'parameter_invalid_integer');
  return Number(value);
}

export function readDecimal(params: Json, key: string, path = key): number | undefined {
  const value = readString(params, key, path);
  if (value === undefined) return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw invalid(`Invalid decimal: ${value}`, path);
  return Number(value);
}

export function readBool(params: Json, key: string, path = key): boolean | undefined {
  const value = readString(params, key, path);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalid(`Invalid boolean: ${value}`, path);
  return value === 'true';
}

export function readEnum<T extends string>(params: Json, key: string, values: readonly T[], path = key): T | undefined {
  const value = readString(params, key, path);
  if (value === undefined) return undefined;
  if (!values.includes(value as T)) throw invalid(`Invalid ${path}: must be one of ${values.join(', ')}`, path);
  return value as T;
}

export function readObject(params: Json, key: string, path = key): Json | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`Invalid object`, path);
  return value as Json;
}

export function readArray(params: Json, key: string, path = key): Json[] | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (!Array.isArray(value)) throw invalid(`Invalid array`, path);
  return value.map((item, i) => {
    if (typeof item !== 'object' || item === null) throw invalid(`Invalid object`, `${path}[${i}]`);
    return item as Json;
  });
}

export function readStringArray(params: Json, key: string): string[] {
  const value = params[key];
  if (value === undefined || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item, i) => {
    if (typeof item !== 'string') throw invalid('Invalid array', `${key}[${i}]`);
    return item;
  });
}

/** `undefined`: not given; `null`: cleared (`metadata=`); else the keys to set ('' unsets one). */
export function readMetadata(params: Json, key = 'metadata'): Metadata | null | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (value === '') return null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('Invalid hash', key);
  const entries = Object.entries(value as Json);
  if (entries.length > 50) throw invalid('Invalid metadata: metadata can have a maximum of 50 keys.', key);
  for (const [k, v] of entries) {
    if (typeof v !== 'string') throw invalid(`Invalid string: ${JSON.stringify(v)}`, `${key}[${k}]`);
    if (k.length > 40) throw invalid(`Invalid metadata: keys can be a maximum of 40 characters.`, `${key}[${k}]`);
    if (v.length > 500) throw invalid(`Invalid metadata: values can be a maximum of 500 characters.`, `${key}[${k}]`);
  }
  return value as Metadata;
}

/** Stripe's metadata update: keys merge, an empty value unsets a key, an empty `metadata` clears all. */
export function mergeMetadata(current: Metadata, update: Metadata | null | undefined): Metadata {
  if (update === undefined) return current;
  if (update === null) return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === '') delete next[k];
    else next[k] = v;
  }
  return next;
}

/** Refuses top-level parameters the endpoint does not take, as Stripe does. */
export function allowOnly(params: Json, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (key !== 'expand' && !allowed.includes(key))
      throw invalid(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
  }
}
