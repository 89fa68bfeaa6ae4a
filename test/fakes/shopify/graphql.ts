/**
 * The fake Shopify's Admin GraphQL operations, by operation name, answered from per-shop state in
 * Shopify's JSON shapes (connections with nodes/pageInfo, userErrors on mutations). `cost` is the
 * requested query cost (2 + first per connection, 1 per object), `actual` what was returned.
 */
import type { Json } from '../server.ts';
import { adminSurfaceHandlers } from './admin-surface.ts';
import { appBillingHandlers } from './app-billing.ts';
import { draftOrderHandlers } from './draft-orders.ts';
import { webPixelHandlers } from './web-pixels.ts';
import { customerAsServed } from './customer-phone.ts';
import {
  DISCOUNT_CODE_BASIC_INPUT,
  DISCOUNT_CODE_FREE_SHIPPING_INPUT,
  WEBHOOK_SUBSCRIPTION_INPUT,
  WEBHOOK_SUBSCRIPTION_TOPIC,
} from './graphql-inputs.ts';
import type { GraphqlContext, GraphqlHandler } from './types.ts';

const cursor = (index: number): string => Buffer.from(JSON.stringify({ last_id: index })).toString('base64');
const fromCursor = (value: unknown): number =>
  typeof value === 'string' && value
    ? (JSON.parse(Buffer.from(value, 'base64').toString()) as { last_id: number }).last_id + 1
    : 0;

export function connection<T>(items: T[], first: unknown, after?: unknown): { nodes: T[]; pageInfo: Json } {
  const start = fromCursor(after);
  const size = Math.max(0, Math.min(250, Number(first ?? 50)));
  const nodes = items.slice(start, start + size);
  const end = start + nodes.length - 1;
  return {
    nodes,
    pageInfo: {
      hasNextPage: start + nodes.length < items.length,
      hasPreviousPage: start > 0,
      startCursor: nodes.length ? cursor(start) : null,
      endCursor: nodes.length ? cursor(end) : null,
    },
  };
}

/** The value of `name:...` in a Shopify search query (quoted or not), with its comparator. */
function term(query: string, name: string): { op: string; value: string } | undefined {
  const match = new RegExp(`(?:^|\\s)${name}:(>=|<=|>|<)?(?:'([^']*)'|"((?:[^"\\\\]|\\\\.)*)"|(\\S+))`).exec(query);
  return match
    ? { op: match[1] ?? '=', value: (match[2] ?? match[3]?.replace(/\\(.)/g, '$1') ?? match[4])! }
    : undefined;
}

const compare = (left: string, { op, value }: { op: string; value: string }): boolean => {
  const a = Date.parse(left);
  const b = Date.parse(value);
  if (op === '>=') return a >= b;
  if (op === '>') return a > b;
  if (op === '<=') return a <= b;
  if (op === '<') return a < b;
  return left === value;
};

const userError = (field: string[], message: string, code?: string): Json => ({
  field,
  message,
  ...(code ? { code } : {}),
});

function subscriptionMutation(ctx: GraphqlContext, mode: 'create' | 'update'): { data: Json; actual: number } {
  const key = mode === 'create' ? 'webhookSubscriptionCreate' : 'webhookSubscriptionUpdate';
  const input = (ctx.variables.webhookSubscription ?? {}) as Json;
  const uri = String(input.uri ?? input.callbackUrl ?? '');
  if (!/^https:\/\//.test(uri))
    return {
      data: {
        [key]: {
          webhookSubscription: null,
          userErrors: [userError(['webhookSubscription', 'uri'], 'Address protocol http:// is not supported')],
        },
      },
      actual: 10,
    };
  const now = new Date().toISOString();
  if (mode === 'create') {
    const topic = String(ctx.variables.topic);
    if (ctx.shop.webhookSubscriptions.some((s) => s.topic === topic && s.uri === uri))
      return {
        data: {
          [key]: {
            webhookSubscription: null,
            userErrors: [userError(['webhookSubscription', 'uri'], 'Address for this topic has already been taken')],
          },
        },
        actual: 10,
      };
    const created = {
      id: ctx.fake.nextGid(ctx.shop, 'WebhookSubscription'),
      topic,
      uri,
      format: String(input.format ?? 'JSON'),
      createdAt: now,
      updatedAt: now,
    };
    ctx.shop.webhookSubscriptions.push(created);
    return {
      data: { [key]: { webhookSubscription: { id: created.id, topic, uri, format: created.format }, userErrors: [] } },
      actual: 10,
    };
  }
  const found = ctx.shop.webhookSubscriptions.find((s) => s.id === ctx.variables.id);
  if (!found)
    return {
      data: {
        [key]: { webhookSubscription: null, userErrors: [userError(['id'], 'Webhook subscription does not exist')] },
      },
      actual: 10,
    };
  Object.assign(found, { uri, updatedAt: now, ...(input.format ? { format: String(input.format) } : {}) });
  return {
    data: {
      [key]: {
        webhookSubscription: { id: found.id, topic: found.topic, uri: found.uri, format: found.format },
        userErrors: [],
      },
    },
    actual: 10,
  };
}

function discountMutation(ctx: GraphqlContext, kind: 'basic' | 'free_shipping'): { data: Json; actual: number } {
  const [key, argument] =
    kind === 'basic'
      ? ['discountCodeBasicCreate', 'basicCodeDiscount']
      : ['discountCodeFreeShippingCreate', 'freeShippingCodeDiscount'];
  const input = (ctx.variables[argument] ?? {}) as Json;
  const code = String(input.code ?? '');
  const errors: Json[] = [];
  if (!code) errors.push(userError([argument, 'code'], "Code can't be blank", 'BLANK'));
  if (!input.title) errors.push(userError([argument, 'title'], "Title can't be blank", 'BLANK'));
  if (!input.startsAt) errors.push(userError([argument, 'startsAt'], "Starts at can't be blank", 'BLANK'));
  if (!input.context && !input.customerSelection)
    errors.push(userError([argument, 'context'], 'Context must be specified', 'BLANK'));
  if (kind === 'basic' && !(input.customerGets as Json | undefined)?.value)
    errors.push(userError([argument, 'customerGets'], 'Customer gets value must be specified', 'BLANK'));
  if (ctx.shop.discounts.some((discount) => discount.code.toLowerCase() === code.toLowerCase()))
    errors.push(userError([argument, 'code'], 'Code must be unique. Please try a different code.', 'TAKEN'));
  if (errors.length > 0) return { data: { [key]: { codeDiscountNode: null, userErrors: errors } }, actual: 10 };
  const id = ctx.fake.nextGid(ctx.shop, 'DiscountCodeNode');
  ctx.shop.discounts.push({ id, code, kind, input });
  return { data: { [key]: { codeDiscountNode: { id }, userErrors: [] } }, actual: 10 };
}

const productNode = (product: Json): Json => ({
  ...product,
  collections: connection((product.collections as Json[]) ?? [], 20),
  variants: connection((product.variants as Json[]) ?? [], 20),
});

const findOrders = (ctx: GraphqlContext): Json[] => {
  const query = String(ctx.variables.query ?? '');
  const customer = term(query, 'customer_id');
  const email = term(query, 'email');
  const created = term(query, 'created_at');
  const name = term(query, 'name');
  return ctx.shop.orders
    .filter((order) => !name || String(order.name).replace(/^#/, '') === name.value.replace(/^#/, ''))
    .filter((order) => !customer || (order.customer as Json | null)?.id === `gid://shopify/Customer/${customer.value}`)
    .filter((order) => !email || String(order.email ?? '').toLowerCase() === email.value.toLowerCase())
    .filter((order) => !created || compare(String(order.createdAt), created))
    .sort((a, b) => Date.parse(String(b.createdAt)) - Date.parse(String(a.createdAt)));
};

const publicOrder = ({ email: _email, ...order }: Json): Json => order;

export const graphqlHandlers: Record<string, GraphqlHandler> = {
  ShopInfo: { cost: () => 3, run: ({ shop }) => ({ data: { shop: shop.info }, actual: 3 }) },
  AppScopes: {
    cost: () => 2,
    run: ({ shop }) => ({
      data: { currentAppInstallation: { accessScopes: shop.grantedScopes.map((handle) => ({ handle })) } },
      actual: 2,
    }),
  },
  ProductsByIds: {
    cost: ({ variables }) => 2 + ((variables.ids as unknown[]) ?? []).length * 45,
    run: ({ shop, variables }) => {
      const nodes = ((variables.ids as string[]) ?? []).map(
        (id) => shop.products.find((product) => product.id === id) ?? null,
      );
      return { data: { nodes: nodes.map((node) => (node ? productNode(node) : null)) }, actual: 2 + nodes.length * 5 };
    },
  },
  ProductCollections: {
    cost: ({ variables }) => 3 + Number(variables.first ?? 0),
    run: ({ shop, variables }) => {
      const product = shop.products.find((p) => p.id === variables.id);
      return {
        data: {
          product: product
            ? { collections: connection((product.collections as Json[]) ?? [], variables.first, variables.after) }
            : null,
        },
        actual: 5,
      };
    },
  },
  ProductVariants: {
    cost: ({ variables }) => 3 + Number(variables.first ?? 0),
    run: ({ shop, variables }) => {
      const product = shop.products.find((p) => p.id === variables.id);
      return {
        data: {
          product: product
            ? { variants: connection((product.variants as Json[]) ?? [], variables.first, variables.after) }
            : null,
        },
        actual: 5,
      };
    },
  },
  CatalogProducts: {
    cost: ({ variables }) => 2 + Number(variables.first ?? 0) * 73,
    run: ({ shop, variables }) => {
      // Shopify's product search: a bare word matches the title; title:x* a title prefix.
      const query = String(variables.query ?? '').toLowerCase();
      const prefix = /^title:(\S+?)\*?$/.exec(query)?.[1];
      const matching = shop.products
        .filter((p) => {
          const title = String(p.title).toLowerCase();
          return !query || (prefix ? title.startsWith(prefix) : title.includes(query));
        })
        .sort((a, b) => String(a.title).localeCompare(String(b.title)));
      const page = connection(matching, variables.first, variables.after);
      const nodes = page.nodes.map((product) => ({
        ...product,
        collections: connection((product.collections as Json[]) ?? [], 20),
        variants: connection((product.variants as Json[]) ?? [], 50),
      }));
      return { data: { products: { ...page, nodes } }, actual: 2 + nodes.length * 10 };
    },
  },
  FirstProductVariant: {
    cost: () => 5,
    run: ({ shop }) => {
      const nodes = shop.products.flatMap((product) =>
        ((product.variants as Json[]) ?? []).map((variant) => ({
          ...variant,
          product: { id: product.id, title: product.title, handle: product.handle },
        })),
      );
      return { data: { productVariants: { nodes: nodes.slice(0, 1) } }, actual: 3 };
    },
  },
  OrderById: {
    cost: () => 4,
    run: ({ shop, variables }) => {
      const order = shop.orders.find((o) => o.id === variables.id);
      return { data: { order: order ? publicOrder(order) : null }, actual: 4 };
    },
  },
  NewestOrder: {
    cost: () => 6,
    run: (ctx) => ({ data: { orders: { nodes: findOrders(ctx).slice(0, 1).map(publicOrder) } }, actual: 4 }),
  },
  CustomerById: {
    cost: () => 16,
    run: (ctx) => ({
      data: {
        customer: customerAsServed(
          ctx.shop.customers.find((c) => c.id === ctx.variables.id),
          ctx,
        ),
      },
      actual: 6,
    }),
  },
  AbandonedCheckouts: {
    cost: ({ variables }) => 2 + Number(variables.first ?? 0) * 8,
    run: (ctx) => {
      const { shop, variables } = ctx;
      const query = String(variables.query ?? '');
      const updated = term(query, 'updated_at');
      const recovery = term(query, 'recovery_state');
      const matching = shop.abandonedCheckouts
        .filter((checkout) => !updated || compare(checkout.updatedAt, updated))
        .filter(
          (checkout) =>
            !recovery || (recovery.value === 'not_recovered' ? !checkout.recovered : Boolean(checkout.recovered)),
        )
        .map(({ lineItems: _lineItems, recovered: _recovered, ...node }) => ({
          ...node,
          customer: customerAsServed(node.customer as Json | null, ctx),
        }));
      const page = connection(matching, variables.first, variables.after);
      return { data: { abandonedCheckouts: page }, actual: 2 + page.nodes.length * 6 };
    },
  },
  AbandonedCheckoutLineItems: {
    cost: ({ variables }) => 3 + Number(variables.first ?? 0) * 5,
    run: ({ shop, variables }) => {
      const checkout = shop.abandonedCheckouts.find((c) => c.id === variables.id);
      if (!checkout) return { data: { node: null }, actual: 1 };
      const page = connection(checkout.lineItems, variables.first, variables.after);
      return { data: { node: { lineItems: page } }, actual: 3 + page.nodes.length * 5 };
    },
  },
  WebhookSubscriptions: {
    cost: () => 102,
    run: ({ shop, variables }) => {
      const page = connection(
        shop.webhookSubscriptions.map(({ id, topic, uri, format }) => ({ id, topic, uri, format })),
        100,
        variables.after,
      );
      return { data: { webhookSubscriptions: page }, actual: 2 + page.nodes.length };
    },
  },
  WebhookSubscriptionCreate: {
    cost: () => 10,
    run: (ctx) => subscriptionMutation(ctx, 'create'),
    inputs: { topic: WEBHOOK_SUBSCRIPTION_TOPIC, webhookSubscription: WEBHOOK_SUBSCRIPTION_INPUT },
  },
  WebhookSubscriptionUpdate: {
    cost: () => 10,
    run: (ctx) => subscriptionMutation(ctx, 'update'),
    inputs: { webhookSubscription: WEBHOOK_SUBSCRIPTION_INPUT },
  },
  WebhookSubscriptionDelete: {
    cost: () => 10,
    run: ({ shop, variables }) => {
      const index = shop.webhookSubscriptions.findIndex((s) => s.id === variables.id);
      if (index < 0)
        return {
          data: {
            webhookSubscriptionDelete: {
              deletedWebhookSubscriptionId: null,
              userErrors: [userError(['id'], 'Webhook subscription does not exist')],
            },
          },
          actual: 10,
        };
      shop.webhookSubscriptions.splice(index, 1);
      return {
        data: { webhookSubscriptionDelete: { deletedWebhookSubscriptionId: variables.id, userErrors: [] } },
        actual: 10,
      };
    },
  },
  DiscountCodeBasicCreate: {
    cost: () => 10,
    run: (ctx) => discountMutation(ctx, 'basic'),
    inputs: { basicCodeDiscount: DISCOUNT_CODE_BASIC_INPUT },
  },
  DiscountCodeFreeShippingCreate: {
    cost: () => 10,
    run: (ctx) => discountMutation(ctx, 'free_shipping'),
    inputs: { freeShippingCodeDiscount: DISCOUNT_CODE_FREE_SHIPPING_INPUT },
  },
  ...appBillingHandlers,
  ...webPixelHandlers,
  ...draftOrderHandlers,
  ...adminSurfaceHandlers,
};
