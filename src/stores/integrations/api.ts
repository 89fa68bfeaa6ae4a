/**
 * The brand API's integration routes: `GET /api/integrations` (every integration of the brands
 * the session may read, or of one with `brand_id`) and `PATCH /api/integrations/:integrationId`
 * (settings merged, enable or disable; only the settings the kind lets a brand change, see
 * settings.ts). Another brand's integration answers 404 like a missing one; credentials never
 * leave.
 */
import { z } from 'zod';
import { AppError } from '../../app/index.ts';
import { defineRoute, idSchema, timestamp, type ApiRoute } from '../../http/index.ts';
import { INTEGRATION_NOT_FOUND, listIntegrations, NO_ID_PROVIDED, updateIntegration } from './brand-service.ts';

const integrationSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  platform: z.string().describe('shopify, bigcommerce, slack, klaviyo, ...'),
  name: z.string(),
  category: z.string(),
  lookup_id: z.string().nullable().describe("the store's domain or hash, the workspace id, ..."),
  status: z.enum(['pending_setup', 'connected', 'disconnected']),
  is_enabled: z.boolean(),
  settings: z.record(z.string(), z.unknown()).describe('without credentials or anything named like a secret'),
  sealed: z.array(z.string()).describe('names of the credentials that are set, never their values'),
  created_at: timestamp(),
  updated_at: timestamp(),
});

/**
 * A parsed record drops an own `__proto__` key silently; the patch refuses it like any other key
 * it cannot change, before the record is read.
 */
const settingsPatch = z.preprocess(
  (value, ctx) => {
    if (value && typeof value === 'object' && Object.hasOwn(value, '__proto__'))
      ctx.addIssue({ code: 'custom', message: 'The setting __proto__ cannot be changed here', input: value });
    return value;
  },
  z.record(z.string(), z.unknown()),
);

const patchBody = z
  .object({
    is_enabled: z.boolean().optional(),
    settings: settingsPatch
      .optional()
      .describe(
        "merged into the settings, key by key; only what the integration's kind lets a brand change (reply_signature), anything else answers 400 'The setting X cannot be changed here'",
      ),
  })
  .strict();

export const integrationsApi: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/integrations',
    tag: 'integrations',
    summary: 'The integrations of the brands the session may read, newest first',
    query: z.object({ brand_id: idSchema().optional() }),
    response: z.object({ items: z.array(integrationSchema), total: z.number().int() }),
    handler: async ({ ctx, caller, query }) => {
      const items = await listIntegrations(ctx, { scope: caller.brands, brandId: query.brand_id });
      return { items, total: items.length };
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/integrations',
    tag: 'integrations',
    summary: 'Answers No id provided: a patch names its integration in the path',
    body: patchBody.optional(),
    response: integrationSchema,
    handler: async () => {
      throw new AppError('invalid_input', NO_ID_PROVIDED, { code: 'no_id' });
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/integrations/:integrationId',
    tag: 'integrations',
    summary: "Changes an integration's settings (merged) or whether it is enabled",
    params: z.object({ integrationId: idSchema() }),
    body: patchBody,
    response: integrationSchema,
    notFound: { message: INTEGRATION_NOT_FOUND, code: 'integration_not_found' },
    handler: async ({ ctx, caller, params, body }) =>
      updateIntegration(ctx, {
        key: { id: params.integrationId },
        scope: caller.brands,
        settings: body.settings,
        isEnabled: body.is_enabled,
      }),
  }),
];
