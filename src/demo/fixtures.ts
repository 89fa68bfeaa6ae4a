import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const DEMO_FILE = fileURLToPath(new URL('../../fixtures/demo/brands.json', import.meta.url));

const record = z.record(z.string(), z.unknown());
const group = z.enum(['A', 'B', 'C', 'D']);
const phoneKind = z.enum(['us', 'texas', 'strict_state', 'territory', 'foreign', 'none']);

const demoUser = z.object({
  email: z.string().email(),
  given_name: z.string(),
  family_name: z.string(),
  /** The demo password, set only in embedded (demo) mode. */
  password: z.string().min(8),
});

const workflow = z.object({
  /** recovery: the brand's checkout or cart flow; post_purchase: its order flow; null: shown, not run. */
  role: z.enum(['recovery', 'post_purchase']).nullable(),
  template: z.string().nullable(),
  name: z.string(),
  type: z.enum(['checkout', 'cart', 'order']),
  status: z.enum(['draft', 'active']),
  is_paused: z.boolean(),
  delay_minutes: z.number().int().min(0),
  message: z.unknown(),
  rules: record,
  action: record,
  discount: z
    .object({
      type: z.enum(['percentage', 'fixed', 'shipping']),
      value: z.number(),
      duration: z.number().int().positive(),
      prefix: z.string(),
    })
    .nullable(),
});

const brandFixture = z.object({
  /** Short key of the brand in external ids and provider ids ("nw"). */
  key: z.string().regex(/^[a-z]{2,8}$/),
  /** The story's seed: the same seed tells the same story. */
  seed: z.number().int().positive(),
  tenant: z.object({ name: z.string(), email: z.string(), type: z.literal('brand') }),
  brand: record.and(
    z.object({
      name: z.string(),
      company_website: z.string().url(),
      support_email: z.string().nullable(),
      support_phone: z.string().nullable(),
      timezone: z.string(),
      re_engage_period: z.number().int().nullable(),
      extra_data: record,
    }),
  ),
  integration: z.object({ name: z.string(), slug: z.string(), category: z.string() }),
  brand_integration: z.object({ lookup_id: z.string(), status: z.string(), is_enabled: z.boolean(), settings: record }),
  /** The partner that manages the brand, with its member. */
  partner: z.object({ name: z.string(), email: z.string(), user: demoUser }).nullable(),
  /** The brand's own member (an admin of its tenant). */
  user: demoUser.nullable(),
  /** The published plan the brand is subscribed to (null: no subscription yet, its recovered orders wait, billable). */
  plan: z.string().nullable(),
  story: z.object({
    catalog: z.string(),
    shoppers: z.number().int().min(0),
    buyers: z.number().int().min(0),
    fresh: z.array(z.tuple([phoneKind, group])),
    fresh_minutes_ago: z.array(z.number().int().min(1).max(179)),
    strays: z.object({ anonymous: z.number().int().min(0), emptied: z.number().int().min(0) }),
    order_number_from: z.number().int().positive(),
  }),
  workflows: z.array(workflow).min(1),
});

const demoFile = z.object({ staff: demoUser, brands: z.array(brandFixture).min(1) });

export type DemoFixtures = z.infer<typeof demoFile>;
export type BrandFixture = z.infer<typeof brandFixture>;
export type WorkflowFixture = z.infer<typeof workflow>;
export type DemoUser = z.infer<typeof demoUser>;

/** Reads and validates fixtures/demo/brands.json: who the demo brands, workflows and users are. */
export async function loadDemoFixtures(): Promise<DemoFixtures> {
  return demoFile.parse(JSON.parse(await readFile(DEMO_FILE, 'utf8')));
}
