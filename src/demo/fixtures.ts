import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const DEMO_DIR = fileURLToPath(new URL('../../fixtures/demo/', import.meta.url));

const record = z.record(z.string(), z.unknown());
const minutesAgo = z.number().int().min(0);

const brandFile = z.object({
  tenant: z.object({ name: z.string(), email: z.string(), type: z.literal('brand') }),
  brand: record.and(z.object({ name: z.string() })),
  integration: z.object({ name: z.string(), slug: z.string(), category: z.string() }),
  brand_integration: z.object({ lookup_id: z.string(), status: z.string(), is_enabled: z.boolean(), settings: record }),
});

const workflowsFile = z.array(
  z.object({
    template: z.string(),
    name: z.string(),
    type: z.string(),
    status: z.enum(['draft', 'active']),
    is_paused: z.boolean(),
    delay_minutes: z.number().int().min(0),
    message: z.unknown(),
    rules: record,
    action: record,
    discount: z
      .object({ type: z.enum(['percentage', 'fixed', 'shipping']), value: z.number(), duration: z.number().int() })
      .nullable(),
  }),
);

const contactsFile = z.array(
  z.object({
    external_id: z.string(),
    given_name: z.string(),
    family_name: z.string(),
    email: z.string(),
    phone: z.string().regex(/^\+\d{8,15}$/),
    kind: z.string(),
    group_name: z.enum(['A', 'B', 'C', 'D']),
    sms_status: z.enum(['subscribed', 'unsubscribed']),
    buyer_accepts_sms_marketing: z.boolean(),
    timezone: z.string().nullable(),
  }),
);

const cartsFile = z.array(
  z.object({
    external_id: z.string(),
    contact: z.string().nullable(),
    state: z.enum(['pending', 'abandoned', 'no_identity', 'complete', 'empty']),
    total: z.string(),
    minutes_ago: minutesAgo,
    line_items: z.array(record),
  }),
);

const ordersFile = z.array(
  z.object({
    external_id: z.string(),
    number: z.string(),
    contact: z.string(),
    cart: z.string().nullable(),
    state: z.enum(['cancelled', 'complete', 'pending']),
    total: z.string(),
    minutes_ago: minutesAgo,
  }),
);

const conversationsFile = z.array(
  z.object({
    cart: z.string(),
    workflow: z.string(),
    is_hidden: z.boolean(),
    messages: z.array(
      z.object({
        direction: z.enum(['incoming', 'outgoing']),
        status: z.string(),
        minutes_ago: minutesAgo,
        body: z.string(),
      }),
    ),
  }),
);

export interface DemoFixtures {
  brand: z.infer<typeof brandFile>;
  workflows: z.infer<typeof workflowsFile>;
  contacts: z.infer<typeof contactsFile>;
  carts: z.infer<typeof cartsFile>;
  orders: z.infer<typeof ordersFile>;
  conversations: z.infer<typeof conversationsFile>;
}

async function load<T>(name: string, schema: z.ZodType<T>): Promise<T> {
  return schema.parse(JSON.parse(await readFile(`${DEMO_DIR}${name}.json`, 'utf8')));
}

/** Reads and validates fixtures/demo/*.json (made by scripts/generate-demo-fixtures.ts). */
export async function loadDemoFixtures(): Promise<DemoFixtures> {
  const [brand, workflows, contacts, carts, orders, conversations] = await Promise.all([
    load('brand', brandFile),
    load('workflows', workflowsFile),
    load('contacts', contactsFile),
    load('carts', cartsFile),
    load('orders', ordersFile),
    load('conversations', conversationsFile),
  ]);
  return { brand, workflows, contacts, carts, orders, conversations };
}
