/**
 * The brand API's account routes: sign-in (api-auth.ts), the caller's profile, a tenant's members, the brands the
 * session may read (staff: every brand), one brand, and a brand's permissions.
 */
import { z } from 'zod';
import { AppError } from '../app/index.ts';
import { defineRoute, idSchema, page, pageQuery, timestamp, type ApiRoute } from '../http/index.ts';
import { authApi } from './api-auth.ts';
import { member, teamApi } from './api-team.ts';
import { readProfile, readTenantUsers } from './auth/access.ts';
import { AUTH_MESSAGES } from './auth/rules.ts';
import { listBrandPermissions } from './permissions/service.ts';
import { brandAbilities } from './roles/rules.ts';
import { findBrandView, listBrandsInScope } from './store/access.ts';

/** Team member and user lists: spec 4's default page size. */
const MEMBER_PAGE_SIZE = 10;
const BRAND_PAGE_SIZE = 100;

const brandSummary = z.object({
  id: z.number().int(),
  tenant_id: z.number().int(),
  name: z.string(),
  domain: z.string().nullable(),
  industry: z.string().nullable(),
  is_enabled: z.boolean(),
  timezone: z.string(),
  created_at: timestamp(),
});

const brandDetail = brandSummary.extend({
  /** ISO 4217: what the panel formats the brand's money in. */
  currency: z.string(),
  company_website: z.string().nullable(),
  support_email: z.string().nullable(),
  support_phone: z.string().nullable(),
});

const permission = z.object({
  permission: z.string(),
  action: z.string(),
  attribute: z.string(),
  enabled: z.boolean(),
});

const membership = z.object({
  kind: z.enum(['tenant', 'partner']),
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  state: z.string(),
  activated_at: timestamp().nullable(),
  brand_ids: z.array(z.number().int()),
});

const profile = z.object({
  user_id: z.number().int(),
  email: z.string(),
  given_name: z.string().nullable(),
  family_name: z.string().nullable(),
  phone: z.string().nullable(),
  avatar_url: z.string().nullable(),
  is_staff: z.boolean(),
  role: z.string(),
  tenant_id: z.number().int().nullable(),
  brand_id: z.number().int().nullable(),
  partner_id: z.number().int().nullable(),
  policies: z.array(z.string()),
  account_created_at: timestamp(),
  last_login: timestamp().nullable(),
  memberships: z.array(membership),
});

const reads: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/me',
    tag: 'accounts',
    summary: 'The signed-in user: profile, role, policies and memberships',
    response: profile,
    handler: async ({ ctx, request }) => readProfile(ctx, request.auth!),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/tenants/:tenantId/users',
    tag: 'accounts',
    summary: "A tenant's members, most recent login first",
    params: z.object({ tenantId: idSchema() }),
    notFound: AUTH_MESSAGES.tenantNotFound,
    query: z.object({
      ...pageQuery(MEMBER_PAGE_SIZE, 100),
      state: z.enum(['active', 'invited', 'suspended']).optional(),
      search: z.string().trim().max(200).optional().describe('matches e-mail, given and family name'),
    }),
    response: page(member),
    handler: async ({ ctx, caller, params, query }) => readTenantUsers(ctx, caller, params.tenantId, query),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands',
    tag: 'brands',
    summary: 'The brands the session may read (staff: every brand), by name',
    query: z.object({
      ...pageQuery(BRAND_PAGE_SIZE),
      q: z.string().trim().max(200).optional().describe('part of the name or domain'),
    }),
    response: page(brandSummary),
    handler: async ({ ctx, caller, query }) => {
      const { rows, total } = await listBrandsInScope(ctx.db, { scope: caller.brands, ...query });
      return { items: rows, total, offset: query.offset, limit: query.limit };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId',
    tag: 'brands',
    summary: 'One brand',
    response: z.object({ brand: brandDetail }),
    handler: async ({ ctx, brand }) => {
      const view = await findBrandView(ctx.db, brand.id);
      if (!view) throw new AppError('not_found', AUTH_MESSAGES.brandNotFound);
      return { brand: view };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/permissions',
    tag: 'brands',
    summary: "A brand's permissions: features (beta:) and access, each with its enabled flag",
    response: z.object({ brand_id: z.number().int(), features: z.array(permission), access: z.array(permission) }),
    handler: async ({ ctx, brand }) => listBrandPermissions(ctx.db, { brandId: brand.id }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/role',
    tag: 'brands',
    summary: "The caller's role in the brand and what it may do",
    description:
      'A member does the day’s work (replies, drafts, pause); activating or deleting a workflow, starting a scheduled ' +
      'or keyword flow, publishing, changing a published or deleting a KB card are an admin’s. Each refused action ' +
      'carries the reason the panel shows beside the control.',
    response: z.object({
      role: z.enum(['admin', 'member']),
      actions: z.array(z.object({ action: z.string(), allowed: z.boolean(), reason: z.string().nullable() })),
    }),
    handler: async ({ ctx, caller, brand }) =>
      brandAbilities(ctx.db, { userId: caller.userId, isStaff: caller.isStaff }, brand.tenant_id),
  }),
];

/** Sign-in, then the caller's own reads and its brands. */
export const accountsApi: ApiRoute[] = [...authApi, ...reads, ...teamApi];
