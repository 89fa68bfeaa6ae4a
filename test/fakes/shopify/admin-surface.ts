/**
 * The fake Shopify's script tags (`scriptTags`, `scriptTagCreate`, `scriptTagDelete`) and discount
 * code lookup and update (`codeDiscountNodeByCode`, `discountCodeBasicUpdate`,
 * `discountCodeFreeShippingUpdate`), in Shopify's shapes; inputs type-checked (ScriptTagInput and
 * its ScriptTagDisplayScope enum, the discount input types). A field whose scope the installation
 * lacks answers Shopify's top-level ACCESS_DENIED error beside a null field.
 */
import type { Json } from '../server.ts';
import { DISCOUNT_CODE_BASIC_INPUT, DISCOUNT_CODE_FREE_SHIPPING_INPUT } from './graphql-inputs.ts';
import type { EnumType, FakeShopData, GraphqlContext, GraphqlHandler, InputType } from './types.ts';

export const SCRIPT_TAG_DISPLAY_SCOPE: EnumType = {
  name: 'ScriptTagDisplayScope',
  values: ['ALL', 'ORDER_STATUS', 'ONLINE_STORE'],
};
export const SCRIPT_TAG_INPUT: InputType = {
  name: 'ScriptTagInput',
  fields: { src: true, cache: true, displayScope: SCRIPT_TAG_DISPLAY_SCOPE },
};

type Result = { data: Json; actual: number; errors?: Json[] };

/** True when the installation holds `scope` (a write scope covers its read scope); no grant list: all. */
const holds = (shop: FakeShopData, scope: string): boolean =>
  shop.grantedScopes.length === 0 ||
  shop.grantedScopes.includes(scope) ||
  (scope.startsWith('read_') && shop.grantedScopes.includes(`write_${scope.slice(5)}`));

/** Shopify's answer to a field the app has no scope for. */
export function accessDenied(field: string, scope: string): Result {
  return {
    data: { [field]: null },
    actual: 1,
    errors: [
      {
        message: `Access denied for ${field} field. Required access: \`${scope}\` access scope.`,
        locations: [{ line: 2, column: 3 }],
        extensions: {
          code: 'ACCESS_DENIED',
          documentation: 'https://shopify.dev/api/usage/access-scopes',
          requiredAccess: `\`${scope}\` access scope.`,
        },
        path: [field],
      },
    ],
  };
}

/** Guards a handler: ACCESS_DENIED unless the shop granted `scope`. */
export const scoped =
  (field: string, scope: string, run: (ctx: GraphqlContext) => Result) =>
  (ctx: GraphqlContext): Result =>
    holds(ctx.shop, scope) ? run(ctx) : accessDenied(field, scope);

// The cursors of graphql.ts's `connection` (not imported: graphql.ts imports this module).
const cursor = (index: number): string => Buffer.from(JSON.stringify({ last_id: index })).toString('base64');
const fromCursor = (value: unknown): number =>
  typeof value === 'string' && value
    ? (JSON.parse(Buffer.from(value, 'base64').toString()) as { last_id: number }).last_id + 1
    : 0;

function page(items: Json[], first: unknown, after: unknown): Json {
  const start = fromCursor(after);
  const nodes = items.slice(start, start + Math.max(0, Math.min(250, Number(first ?? 50))));
  return {
    nodes,
    pageInfo: {
      hasNextPage: start + nodes.length < items.length,
      hasPreviousPage: start > 0,
      startCursor: nodes.length ? cursor(start) : null,
      endCursor: nodes.length ? cursor(start + nodes.length - 1) : null,
    },
  };
}

/** A script tag as the fake keeps it, for seeding: `fake.shop(domain).scriptTags.push(scriptTag(id, src))`. */
export function scriptTag(id: string, src: string, displayScope = 'ONLINE_STORE'): Json {
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    id,
    legacyResourceId: id.split('/').pop()!,
    src,
    displayScope,
    cache: false,
    createdAt: now,
    updatedAt: now,
  };
}

// Discounts ----------------------------------------------------------------------------------

type FakeDiscount = FakeShopData['discounts'][number] & { usageCount?: number };

function status(input: Json, now = Date.now()): string {
  if (input.startsAt && Date.parse(String(input.startsAt)) > now) return 'SCHEDULED';
  if (input.endsAt && Date.parse(String(input.endsAt)) <= now) return 'EXPIRED';
  return 'ACTIVE';
}

function discountNode(discount: FakeDiscount): Json {
  const input = discount.input;
  const common = {
    title: input.title ?? null,
    status: status(input),
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
    usageLimit: input.usageLimit ?? null,
    appliesOncePerCustomer: Boolean(input.appliesOncePerCustomer),
    asyncUsageCount: discount.usageCount ?? 0,
    codes: { nodes: [{ code: discount.code, asyncUsageCount: discount.usageCount ?? 0 }] },
  };
  if (discount.kind === 'free_shipping')
    return { id: discount.id, codeDiscount: { __typename: 'DiscountCodeFreeShipping', ...common } };
  const value = ((input.customerGets as Json | undefined)?.value ?? {}) as Json;
  const amount = value.discountAmount as Json | undefined;
  return {
    id: discount.id,
    codeDiscount: {
      __typename: 'DiscountCodeBasic',
      ...common,
      customerGets: {
        value: amount
          ? {
              __typename: 'DiscountAmount',
              amount: { amount: Number(amount.amount).toFixed(1), currencyCode: 'USD' },
              appliesOnEachItem: Boolean(amount.appliesOnEachItem),
            }
          : { __typename: 'DiscountPercentage', percentage: Number(value.percentage ?? 0) },
      },
    },
  };
}

function updateDiscount(ctx: GraphqlContext, kind: 'basic' | 'free_shipping'): Result {
  const [field, argument] =
    kind === 'basic'
      ? ['discountCodeBasicUpdate', 'basicCodeDiscount']
      : ['discountCodeFreeShippingUpdate', 'freeShippingCodeDiscount'];
  const fail = (path: string[], message: string, code: string): Result => ({
    data: { [field]: { codeDiscountNode: null, userErrors: [{ field: path, message, code }] } },
    actual: 10,
  });
  const discount = ctx.shop.discounts.find((d) => d.id === ctx.variables.id && d.kind === kind) as
    FakeDiscount | undefined;
  if (!discount) return fail(['id'], 'Discount does not exist', 'INVALID');
  const changes = (ctx.variables[argument] ?? {}) as Json;
  const next: Json = { ...discount.input, ...changes };
  if (changes.customerGets)
    next.customerGets = { ...(discount.input.customerGets as Json), ...(changes.customerGets as Json) };
  if (next.endsAt && next.startsAt && Date.parse(String(next.endsAt)) <= Date.parse(String(next.startsAt)))
    return fail([argument, 'endsAt'], 'Ends at needs to be after starts_at', 'INVALID');
  const value = ((next.customerGets as Json | undefined)?.value ?? {}) as Json;
  if (typeof value.percentage === 'number' && (value.percentage <= 0 || value.percentage > 1))
    return fail(
      [argument, 'customerGets', 'value', 'percentage'],
      'Value must be between 0.0 and 1.0',
      'VALUE_OUTSIDE_RANGE',
    );
  const code = String(next.code ?? discount.code);
  if (ctx.shop.discounts.some((d) => d !== discount && d.code.toLowerCase() === code.toLowerCase()))
    return fail([argument, 'code'], 'Code must be unique. Please try a different code.', 'TAKEN');
  discount.input = next;
  discount.code = code;
  return { data: { [field]: { codeDiscountNode: discountNode(discount), userErrors: [] } }, actual: 10 };
}

export const adminSurfaceHandlers: Record<string, GraphqlHandler> = {
  ScriptTags: {
    cost: ({ variables }) => 2 + Number(variables.first ?? 0),
    run: scoped('scriptTags', 'read_script_tags', ({ shop, variables }) => {
      const matching = shop.scriptTags.filter((tag) => !variables.src || tag.src === variables.src);
      const result = page(matching, variables.first, variables.after);
      return { data: { scriptTags: result }, actual: 2 + (result.nodes as Json[]).length };
    }),
  },
  ScriptTagCreate: {
    cost: () => 10,
    inputs: { input: SCRIPT_TAG_INPUT },
    run: scoped('scriptTagCreate', 'write_script_tags', ({ fake, shop, variables }) => {
      const input = (variables.input ?? {}) as Json;
      const src = String(input.src ?? '');
      const fail = (message: string): Result => ({
        data: { scriptTagCreate: { scriptTag: null, userErrors: [{ field: ['input', 'src'], message }] } },
        actual: 10,
      });
      if (!src) return fail("Source can't be blank");
      if (!/^https:\/\/[^/\s]+/.test(src)) return fail('Source must be secure (HTTPS)');
      const tag = {
        ...scriptTag(fake.nextGid(shop, 'ScriptTag'), src, String(input.displayScope ?? 'ONLINE_STORE')),
        cache: Boolean(input.cache),
      };
      shop.scriptTags.push(tag);
      return { data: { scriptTagCreate: { scriptTag: { ...tag }, userErrors: [] } }, actual: 10 };
    }),
  },
  ScriptTagDelete: {
    cost: () => 10,
    run: scoped('scriptTagDelete', 'write_script_tags', ({ shop, variables }) => {
      const index = shop.scriptTags.findIndex((tag) => tag.id === variables.id);
      if (index < 0)
        return {
          data: {
            scriptTagDelete: {
              deletedScriptTagId: null,
              userErrors: [{ field: ['id'], message: 'Script tag does not exist' }],
            },
          },
          actual: 10,
        };
      shop.scriptTags.splice(index, 1);
      return { data: { scriptTagDelete: { deletedScriptTagId: variables.id, userErrors: [] } }, actual: 10 };
    }),
  },
  CodeDiscountNodeByCode: {
    cost: () => 8,
    run: scoped('codeDiscountNodeByCode', 'read_discounts', ({ shop, variables }) => {
      const code = String(variables.code ?? '').toLowerCase();
      const found = shop.discounts.find((d) => d.code.toLowerCase() === code);
      return { data: { codeDiscountNodeByCode: found ? discountNode(found) : null }, actual: found ? 8 : 1 };
    }),
  },
  DiscountCodeBasicUpdate: {
    cost: () => 10,
    inputs: { basicCodeDiscount: DISCOUNT_CODE_BASIC_INPUT },
    run: scoped('discountCodeBasicUpdate', 'write_discounts', (ctx) => updateDiscount(ctx, 'basic')),
  },
  DiscountCodeFreeShippingUpdate: {
    cost: () => 10,
    inputs: { freeShippingCodeDiscount: DISCOUNT_CODE_FREE_SHIPPING_INPUT },
    run: scoped('discountCodeFreeShippingUpdate', 'write_discounts', (ctx) => updateDiscount(ctx, 'free_shipping')),
  },
};
