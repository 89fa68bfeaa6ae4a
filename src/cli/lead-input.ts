/**
 * The lead `tenant setup` works on, from its flags, a lead file and (on a terminal) prompts, with
 * where each value came from, so a bad one is named by its flag, its lead-file key or re-asked.
 *
 * A lead file's keys are the flags' own names without `--` (`email`, `first-name`, `last-name`,
 * `company`, `store-url`, `phone`, `password`), plus `id` (the lead's uuid: a re-run with the same
 * id changes nothing), `source-name`, `annual-revenue` and `extra-data` (an object). `_` may stand
 * for `-` (`store_url`); `company_name` and `support_phone` are accepted as the older names of
 * `company` and `phone`. Any other key is refused, named.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { leadFieldProblem, type LeadField, type LeadInput } from '../accounts/index.ts';
import { AppError, isAppError } from '../app/index.ts';

export type LeadKey = 'email' | 'first_name' | 'last_name' | 'company_name' | 'store_url' | 'support_phone';

export interface LeadFlags {
  email?: string;
  firstName?: string;
  lastName?: string;
  company?: string;
  storeUrl?: string;
  phone?: string;
  password?: string;
  leadFile?: string;
}

/** Lead fields: their flag (and lead-file key), how a prompt asks, whether setup needs them, how each is checked. */
export const LEAD_FIELDS: Array<{
  key: LeadKey;
  flag: string;
  opt: keyof LeadFlags;
  question: string;
  required: boolean;
  check?: LeadField;
}> = [
  {
    key: 'email',
    flag: '--email',
    opt: 'email',
    question: "Account owner's e-mail",
    required: true,
    check: 'email',
  },
  { key: 'first_name', flag: '--first-name', opt: 'firstName', question: 'First name', required: false },
  { key: 'last_name', flag: '--last-name', opt: 'lastName', question: 'Last name', required: false },
  {
    key: 'company_name',
    flag: '--company',
    opt: 'company',
    question: 'Company name',
    required: true,
    check: 'company_name',
  },
  { key: 'store_url', flag: '--store-url', opt: 'storeUrl', question: 'Store URL', required: true, check: 'store_url' },
  {
    key: 'support_phone',
    flag: '--phone',
    opt: 'phone',
    question: 'Support phone (US, optional)',
    required: false,
    check: 'support_phone',
  },
];

/** Lead-file keys (dash form) -> the lead's own field. */
const FILE_KEYS: Record<string, keyof LeadInput | 'password'> = {
  ...Object.fromEntries(LEAD_FIELDS.map((f) => [f.flag.slice(2), f.key])),
  'company-name': 'company_name',
  'support-phone': 'support_phone',
  password: 'password',
  id: 'id',
  'source-name': 'source_name',
  'annual-revenue': 'annual_revenue',
  'extra-data': 'extra_data',
};
/** The keys that are flags' names; the others a lead file may have. */
export const LEAD_FILE_KEYS = ['email', 'first-name', 'last-name', 'company', 'store-url', 'phone', 'password'];
export const OTHER_LEAD_FILE_KEYS = ['id', 'source-name', 'annual-revenue', 'extra-data'];
const KNOWN_KEYS = [...LEAD_FILE_KEYS, ...OTHER_LEAD_FILE_KEYS];

const text = z.string().nullish();
const fileSchema = z.strictObject({
  id: text,
  email: text,
  first_name: text,
  last_name: text,
  company_name: text,
  store_url: text,
  support_phone: text,
  password: text,
  source_name: text,
  annual_revenue: text,
  extra_data: z.record(z.string(), z.unknown()).nullish(),
});

export interface GatheredLead {
  lead: LeadInput;
  password: string | null;
  /** Where each value came from: a flag (`--phone`) or a lead-file key (`"phone" in lead.json`). */
  sources: Partial<Record<keyof LeadInput, string>>;
}

const invalid = (message: string) => new AppError('invalid_input', message, { code: 'invalid_lead' });

/** Reads a lead file: unknown keys and two names of one field with different values are refused. */
async function readLeadFile(file: string): Promise<GatheredLead> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw invalid(`Could not read --lead-file ${file}: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw invalid(`--lead-file ${file} is not a lead: it must be a JSON object`);
  const unknown = Object.keys(data).filter((k) => !(k.replace(/_/g, '-') in FILE_KEYS));
  if (unknown.length > 0)
    throw invalid(
      `--lead-file ${file}: unknown key${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')} (the keys are ${KNOWN_KEYS.join(', ')}; _ may stand for -)`,
    );
  const mapped: Record<string, unknown> = {};
  const sources: GatheredLead['sources'] = {};
  const named: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    const field = FILE_KEYS[key.replace(/_/g, '-')]!;
    if (field in mapped && mapped[field] !== value)
      throw invalid(`--lead-file ${file}: "${named[field]}" and "${key}" are the same field with different values`);
    mapped[field] = value;
    named[field] = key;
    if (field !== 'password') sources[field] = `"${key}" in ${file}`;
  }
  const parsed = fileSchema.safeParse(mapped);
  if (!parsed.success)
    throw invalid(
      `--lead-file ${file} is not a lead: ${parsed.error.issues.map((i) => `"${named[String(i.path[0])] ?? i.path.join('.')}" ${i.message}`).join('; ')}`,
    );
  const { password, ...lead } = parsed.data;
  return { lead, password: password ?? null, sources };
}

/** Flags win over the lead file. Every value given is checked here, before the database: a bad one names its source. */
export async function leadFromFlags(opts: LeadFlags): Promise<GatheredLead> {
  const gathered: GatheredLead = opts.leadFile
    ? await readLeadFile(opts.leadFile)
    : { lead: {}, password: null, sources: {} };
  for (const field of LEAD_FIELDS) {
    const value = opts[field.opt];
    if (value === undefined) continue;
    gathered.lead[field.key] = value;
    gathered.sources[field.key] = field.flag;
  }
  if (opts.password) gathered.password = opts.password;
  for (const field of LEAD_FIELDS) {
    const value = gathered.lead[field.key];
    if (!field.check || value === undefined || value === null) continue;
    if (!value.trim() && !field.required) continue;
    if (!value.trim() && gathered.sources[field.key] !== field.flag) continue; // a blank key is asked for, or named missing
    const problem = leadFieldProblem(field.check, value);
    if (problem) throw invalid(`${gathered.sources[field.key]}: ${problem}`);
  }
  return gathered;
}

/** A lead error from setup, with the flag or lead-file key of the field it is about. */
export function namedLeadError(error: unknown, sources: GatheredLead['sources']): unknown {
  if (!isAppError(error)) return error;
  const field = typeof error.details?.field === 'string' ? (error.details.field as keyof LeadInput) : undefined;
  const source = field ? sources[field] : undefined;
  if (!source) return error;
  const hint =
    error.code === 'duplicate_email'
      ? " (a re-run of the same setup changes nothing; --allow-duplicate makes that user this tenant's admin too)"
      : '';
  return new AppError(error.kind, `${source}: ${error.message}${hint}`, {
    ...(error.code ? { code: error.code } : {}),
    cause: error,
  });
}
