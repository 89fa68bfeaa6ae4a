/**
 * The brand API's 10DLC routes, the panel's texting-number page: the company details (checked field
 * by field with the registration service's own messages, saved only when all are valid), the policy
 * check of the terms and privacy pages, register, and the registration's state; a rejected
 * campaign's appeal and a retry. The same services `reclaim messaging …` runs; writes are an
 * admin's ('texting.register'), the checks any member's.
 */
import { z } from 'zod';
import { requireBrandAdmin } from '../accounts/index.ts';
import type { AppContext } from '../app/index.ts';
import { defineRoute, timestamp, type ApiBrand, type ApiCaller, type ApiRoute } from '../http/index.ts';
import { findBrand, getCompanySettings } from './registration/store.ts';
import {
  appealCampaign,
  checkBrandPolicy,
  getCompanySettingsOf,
  registrationStatus,
  retryRegistration,
  startRegistration,
  updateCompanySettings,
} from './registration/service.ts';
import { INDUSTRY_VERTICALS } from './registration/rules.ts';
import {
  checkSettings,
  COMPANY_TYPES,
  FIELD_OF_FLAG,
  type CompanySettings,
  type CompanySettingsInput,
} from './registration/settings.ts';
import { REGISTRATION_STATES } from './registration/states.ts';

const text = () => z.string().max(500).optional();
const settingsShape = z.object({
  company_info: z
    .object({
      legal_company_name: text(),
      industry_type: text(),
      company_type: text().describe(Object.keys(COMPANY_TYPES).join(', ')),
      tax_ein: text(),
      address: z.object({ line1: text(), city: text(), state: text(), zip: text() }).optional(),
      area_code_preference: text(),
      terms_url: text(),
      privacy_url: text(),
    })
    .optional(),
  brand_info: z.object({ website_url: text(), brand_name: text() }).optional(),
  contact_info: z.object({ phone: text(), email: text() }).optional(),
  compliance_contact: z.object({ phone: text(), email: text() }).optional(),
});
type SettingsBody = z.output<typeof settingsShape>;

/** An empty field of the form is a field left unchanged. */
function patchOf(body: SettingsBody): CompanySettingsInput {
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string') return value.trim() === '' ? undefined : value;
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, clean(inner)]));
    return value;
  };
  return clean(body) as CompanySettingsInput;
}

const problemSchema = z.object({
  field: z.string().describe('the field path, e.g. company_info.tax_ein'),
  message: z.string().describe("the registration service's own message"),
});

const registrationSchema = z.object({
  state: z.enum(REGISTRATION_STATES),
  since: timestamp().nullable(),
  last_error: z.string().nullable().describe('why it stopped (a rejected campaign: the reasons and details)'),
  failed_from: z.enum(REGISTRATION_STATES).nullable().describe('campaign_approval_pending: the carriers rejected it'),
  appealed_at: timestamp().nullable(),
  phone_number: z.string().nullable(),
});

const viewSchema = z.object({
  settings: settingsShape,
  missing_fields: z.array(z.string()).describe('the fields registration still needs'),
  server_ready: z.boolean().describe("whether this server is set up to register (Infobip's API and webhook)"),
  industries: z.array(z.string()),
  company_types: z.array(z.string()),
  policy_pages: z.object({ terms_url: z.string().nullable(), privacy_url: z.string().nullable() }),
  registration: registrationSchema.nullable(),
});

const requireAdmin = (ctx: AppContext, caller: ApiCaller, brand: ApiBrand) =>
  requireBrandAdmin(ctx.db, { userId: caller.userId, isStaff: caller.isStaff }, brand.tenant_id, 'texting.register');

async function registrationView(ctx: AppContext, brandId: number): Promise<z.input<typeof viewSchema>> {
  const { settings, missing } = await getCompanySettingsOf(ctx, brandId);
  const brand = await findBrand(ctx.db, brandId);
  const [status] = await registrationStatus(ctx, { brandId });
  return {
    settings: settings as CompanySettings & SettingsBody,
    missing_fields: missing.filter((m) => m.startsWith('--')).map((flag) => FIELD_OF_FLAG[flag] ?? flag),
    server_ready: !missing.some((m) => !m.startsWith('--')),
    industries: Object.keys(INDUSTRY_VERTICALS),
    company_types: Object.keys(COMPANY_TYPES),
    policy_pages: {
      terms_url: settings.company_info.terms_url ?? brand?.tos_url ?? null,
      privacy_url: settings.company_info.privacy_url ?? brand?.privacy_policy_url ?? null,
    },
    registration: status
      ? {
          state: status.state,
          since: status.since,
          last_error: status.lastError,
          failed_from: status.failedFrom,
          appealed_at: status.appealedAt,
          phone_number: status.phoneNumber,
        }
      : null,
  };
}

const pageSchema = z.object({
  page: z.enum(['Terms', 'Privacy']),
  url: z.string(),
  accessible: z.boolean(),
  problem: z.string().nullable().describe('why the page could not be read'),
  too_short: z.boolean(),
  passes: z.boolean(),
  found: z.array(z.string()),
  missing: z.array(z.object({ phrase: z.string(), suggestion: z.string().describe('a sentence to add') })),
  share: z.number().describe('phrases found ÷ 9 phrases'),
  message: z.string().nullable(),
});

export const registrationApi: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/texting/registration',
    tag: 'messaging',
    summary: "The 10DLC registration: company details, what is still missing, and the registration's state",
    response: viewSchema,
    handler: async ({ ctx, brand }) => registrationView(ctx, brand.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/texting/registration/settings/check',
    tag: 'messaging',
    summary: 'Checks company details as they would be saved, field by field; saves nothing',
    body: settingsShape,
    response: z.object({ problems: z.array(problemSchema) }),
    handler: async ({ ctx, brand, body }) => ({
      problems: checkSettings(await getCompanySettings(ctx.db, brand.id), patchOf(body)).problems,
    }),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/brands/:brandId/texting/registration/settings',
    tag: 'messaging',
    summary: 'Saves company details (merged field by field); nothing is saved when a field is invalid',
    body: settingsShape,
    response: viewSchema,
    handler: async ({ ctx, caller, brand, body }) => {
      await requireAdmin(ctx, caller, brand);
      await updateCompanySettings(ctx, { brandId: brand.id, patch: patchOf(body) });
      return registrationView(ctx, brand.id);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/texting/policy-check',
    tag: 'messaging',
    summary: 'Reads the terms and privacy pages and lists each missing consent phrase with a sentence to add',
    description: 'A page given here (a draft) replaces the saved one. Nothing is saved.',
    body: z.object({ terms_url: z.string().max(2000).optional(), privacy_url: z.string().max(2000).optional() }),
    response: z.object({ passes: z.boolean(), message: z.string().nullable(), pages: z.array(pageSchema) }),
    handler: async ({ ctx, brand, body }) => {
      const result = await checkBrandPolicy(ctx, brand.id, {
        ...(body.terms_url ? { termsUrl: body.terms_url } : {}),
        ...(body.privacy_url ? { privacyUrl: body.privacy_url } : {}),
      });
      return {
        passes: result.passes,
        message: result.message ?? null,
        pages: result.pages.map((p) =>
          p.accessible
            ? {
                page: p.page,
                url: p.url,
                accessible: true,
                problem: null,
                too_short: p.tooShort,
                passes: p.passes,
                found: p.phrases.found,
                missing: p.phrases.missing.map((m) => ({ phrase: m.phrase, suggestion: m.suggestion })),
                share: p.phrases.share,
                message: p.message ?? null,
              }
            : {
                page: p.page,
                url: p.url,
                accessible: false,
                problem: p.problem,
                too_short: false,
                passes: false,
                found: [],
                missing: [],
                share: 0,
                message: null,
              },
        ),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/texting/registration',
    tag: 'messaging',
    summary: 'Registers the brand and its campaign with the carriers (the policy check runs first)',
    response: viewSchema,
    handler: async ({ ctx, caller, brand }) => {
      await requireAdmin(ctx, caller, brand);
      await startRegistration(ctx, { brandId: brand.id });
      return registrationView(ctx, brand.id);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/texting/registration/appeal',
    tag: 'messaging',
    summary: 'Appeals a rejected campaign with what was fixed',
    body: z.object({ reason: z.string().max(2000) }),
    response: viewSchema,
    handler: async ({ ctx, caller, brand, body }) => {
      await requireAdmin(ctx, caller, brand);
      await appealCampaign(ctx, { brandId: brand.id, reason: body.reason });
      return registrationView(ctx, brand.id);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/texting/registration/retry',
    tag: 'messaging',
    summary: 'Starts the registration again from the step that stopped',
    response: viewSchema,
    handler: async ({ ctx, caller, brand }) => {
      await requireAdmin(ctx, caller, brand);
      await retryRegistration(ctx, { brandId: brand.id });
      return registrationView(ctx, brand.id);
    },
  }),
];
