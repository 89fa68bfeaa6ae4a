/**
 * The fake Shopify's web pixel operations (Admin GraphQL `webPixel`, `webPixelCreate`,
 * `webPixelUpdate`, `webPixelDelete`): one pixel per app and shop, its `settings` a JSON string
 * checked against the extension's settings definition (extensions/web-pixel/shopify.extension.toml:
 * `ingestKey` and `ingestUrl`, both single-line text, required) as Shopify validates it, and
 * Shopify's ErrorsWebPixelUserError codes. The app needs the pixel scopes (read_pixels /
 * write_pixels) and read_customer_events: without them Shopify answers ACCESS_DENIED.
 */
import type { Json } from '../server.ts';
import type { GraphqlContext, GraphqlHandler, InputType } from './types.ts';

export const WEB_PIXEL_INPUT: InputType = { name: 'WebPixelInput', fields: { settings: true } };

/** The settings definition of extensions/web-pixel/shopify.extension.toml. */
const SETTINGS_FIELDS = ['ingestKey', 'ingestUrl'];

const userError = (field: string[], message: string, code: string): Json => ({ field, message, code });

function settingsProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'Settings must be a JSON string';
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return 'Settings must be valid JSON';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'Settings must be a JSON object';
  const settings = parsed as Json;
  const unknown = Object.keys(settings).find((key) => !SETTINGS_FIELDS.includes(key));
  if (unknown) return `Settings field ${unknown} is not defined in the extension's settings`;
  const missing = SETTINGS_FIELDS.find((key) => typeof settings[key] !== 'string' || settings[key] === '');
  return missing ? `Settings field ${missing} is required` : undefined;
}

const missingScope = ({ shop }: GraphqlContext, write: boolean): boolean =>
  shop.grantedScopes.length > 0 &&
  (!shop.grantedScopes.includes(write ? 'write_pixels' : 'read_pixels') ||
    !shop.grantedScopes.includes('read_customer_events'));

const accessDenied = (field: string): { data: Json; actual: number } => ({
  data: { [field]: { userErrors: [userError([], 'Access denied for this field.', 'ACCESS_DENIED')] } },
  actual: 10,
});

function save(ctx: GraphqlContext, mode: 'create' | 'update'): { data: Json; actual: number } {
  const field = mode === 'create' ? 'webPixelCreate' : 'webPixelUpdate';
  if (missingScope(ctx, true)) return accessDenied(field);
  const settings = (ctx.variables.webPixel as Json | undefined)?.settings;
  const problem = settingsProblem(settings);
  const fail = (message: string, code: string, path = ['webPixel', 'settings']) => ({
    data: { [field]: { webPixel: null, userErrors: [userError(path, message, code)] } },
    actual: 10,
  });
  if (problem) return fail(problem, 'INVALID_SETTINGS');
  const current = ctx.shop.webPixel;
  if (mode === 'create') {
    if (current) return fail('Web pixel is taken.', 'TAKEN', ['webPixel']);
    ctx.shop.webPixel = { id: ctx.fake.nextGid(ctx.shop, 'WebPixel'), settings: String(settings) };
  } else {
    if (!current || current.id !== ctx.variables.id) return fail('Web pixel not found.', 'NOT_FOUND', ['id']);
    current.settings = String(settings);
  }
  return { data: { [field]: { webPixel: { ...ctx.shop.webPixel! }, userErrors: [] } }, actual: 10 };
}

export const webPixelHandlers: Record<string, GraphqlHandler> = {
  WebPixel: {
    cost: () => 1,
    run: ({ shop }) => ({ data: { webPixel: shop.webPixel ? { ...shop.webPixel } : null }, actual: 1 }),
  },
  WebPixelCreate: { cost: () => 10, run: (ctx) => save(ctx, 'create'), inputs: { webPixel: WEB_PIXEL_INPUT } },
  WebPixelUpdate: { cost: () => 10, run: (ctx) => save(ctx, 'update'), inputs: { webPixel: WEB_PIXEL_INPUT } },
  WebPixelDelete: {
    cost: () => 10,
    run: (ctx) => {
      if (missingScope(ctx, true)) return accessDenied('webPixelDelete');
      const current = ctx.shop.webPixel;
      if (!current || current.id !== ctx.variables.id)
        return {
          data: {
            webPixelDelete: {
              deletedWebPixelId: null,
              userErrors: [userError(['id'], 'Web pixel not found.', 'NOT_FOUND')],
            },
          },
          actual: 10,
        };
      ctx.shop.webPixel = null;
      return { data: { webPixelDelete: { deletedWebPixelId: current.id, userErrors: [] } }, actual: 10 };
    },
  },
};
