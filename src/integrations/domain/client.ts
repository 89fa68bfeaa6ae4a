/**
 * The domain service (spec 2, "Domain service"): availability search and registration through a
 * registrar's REST API at DOMAIN_SERVICE_BASE_URL (key in DOMAIN_SERVICE_API_KEY, sent as a
 * Bearer token). The spec shows no shapes, so the wire format is small and documented here:
 * - GET /domains/availability?query=… -> { results: [{ domain, available, price?, currency? }] }
 * - POST /domains { domain, contact } -> { id, domain, status, expires_at? }
 * Errors: 'Failed to check domain availability' / 'Failed to register domain', followed by the
 * service's own message when it gives one; 'connectDomain not implemented'.
 */
import { z } from 'zod';
import { AppError, validInput, type Logger } from '../../app/index.ts';
import {
  createHttpClient,
  HttpNetworkError,
  type HttpClient,
  type HttpResponse,
  type Sleep,
} from '../../http/index.ts';

export const FAILED_DOMAIN_CHECK = 'Failed to check domain availability';
export const FAILED_DOMAIN_REGISTER = 'Failed to register domain';
export const CONNECT_DOMAIN_NOT_IMPLEMENTED = 'connectDomain not implemented';

export interface DomainServiceOptions {
  baseUrl: string;
  apiKey?: string;
  logger?: Logger;
  sleep?: Sleep;
}

export interface DomainAvailability {
  domain: string;
  available: boolean;
  price: number | null;
  currency: string | null;
}

const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export const domainContactSchema = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  email: z.email(),
  phone: z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be E.164, like +14155550123'),
  address1: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().min(2).max(100),
  postal_code: z.string().trim().min(3).max(20),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code'),
});
export type DomainContact = z.infer<typeof domainContactSchema>;

const availabilitySchema = z.object({
  results: z.array(
    z.object({
      domain: z.string(),
      available: z.boolean(),
      price: z.number().nullish(),
      currency: z.string().nullish(),
    }),
  ),
});
const registrationSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  domain: z.string(),
  status: z.string(),
  expires_at: z.string().nullish(),
});

const client = (options: DomainServiceOptions): HttpClient =>
  createHttpClient({
    service: 'domains',
    baseUrl: options.baseUrl,
    logger: options.logger,
    headers: { accept: 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });

function failure(base: string, response?: HttpResponse): AppError {
  const body = response?.json() as { message?: unknown; error?: unknown } | undefined;
  const said =
    typeof body?.message === 'string' ? body.message : typeof body?.error === 'string' ? body.error : undefined;
  return new AppError('upstream', said ? `${base}: ${said}` : base, {
    code: 'domain_service',
    ...(response ? { details: { status: response.status } } : {}),
  });
}

async function send(base: string, run: () => Promise<HttpResponse>): Promise<HttpResponse> {
  try {
    const response = await run();
    if (!response.ok) throw failure(base, response);
    return response;
  } catch (error) {
    if (error instanceof HttpNetworkError) throw failure(base);
    throw error;
  }
}

/** Availability (and price) of the domains matching `query`. */
export async function checkDomainAvailability(
  options: DomainServiceOptions,
  { query }: { query: string },
): Promise<DomainAvailability[]> {
  const q = query.trim().toLowerCase();
  if (!q || q.length > 253) throw new AppError('invalid_input', 'A domain query is required');
  const response = await send(FAILED_DOMAIN_CHECK, () =>
    client(options).request({ path: '/domains/availability', query: { query: q } }),
  );
  const parsed = availabilitySchema.safeParse(response.json());
  if (!parsed.success) throw failure(FAILED_DOMAIN_CHECK);
  return parsed.data.results.map((r) => ({
    domain: r.domain,
    available: r.available,
    price: r.price ?? null,
    currency: r.currency ?? null,
  }));
}

/** Registers `domain` for the contact (validated before anything is sent). */
export async function registerDomain(
  options: DomainServiceOptions,
  input: { domain: string; contact: unknown },
): Promise<{ id: string; domain: string; status: string; expiresAt: string | null }> {
  const domain = input.domain.trim().toLowerCase();
  if (!DOMAIN.test(domain)) throw new AppError('invalid_input', `Not a domain name: ${input.domain}`);
  const contact = validInput(domainContactSchema, input.contact);
  const response = await send(FAILED_DOMAIN_REGISTER, () =>
    client(options).request({ method: 'POST', path: '/domains', json: { domain, contact } }),
  );
  const parsed = registrationSchema.safeParse(response.json());
  if (!parsed.success) throw failure(FAILED_DOMAIN_REGISTER);
  return {
    id: parsed.data.id,
    domain: parsed.data.domain,
    status: parsed.data.status,
    expiresAt: parsed.data.expires_at ?? null,
  };
}

/** Pointing a registered domain at the brand's store is not built (spec 2: 'connectDomain not implemented'). */
export function connectDomain(): never {
  throw new AppError('invalid_input', CONNECT_DOMAIN_NOT_IMPLEMENTED, { code: 'not_implemented' });
}
