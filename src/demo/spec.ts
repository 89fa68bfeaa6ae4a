/**
 * From a brand's fixture to the story the demo tells of it, with how shoppers behave: most ignore
 * the text; some click, ask about shipping, sizes, returns or price, text HELP or STOP; those who
 * click or ask order more often than those who do not.
 */
import type { BrandFixture, WorkflowFixture } from './fixtures.ts';
import type { Behaviour, StorySpec, StoryWorkflow } from './story/index.ts';

export const RECOVERY_BEHAVIOUR: Behaviour = {
  click: 0.36,
  question: 0.13,
  stop: 0.05,
  help: 0.02,
  convert: { base: 0.12, clicked: 0.36, asked: 0.42 },
  useCode: 0.75,
};

export const POST_PURCHASE_BEHAVIOUR: Behaviour = {
  click: 0.22,
  question: 0.06,
  stop: 0.04,
  help: 0.01,
  convert: { base: 0.04, clicked: 0.16, asked: 0.2 },
  useCode: 0.8,
};

const storyWorkflow = (w: WorkflowFixture): StoryWorkflow => ({
  name: w.name,
  type: w.type,
  delayMinutes: w.delay_minutes,
  message: w.message,
  rules: w.rules,
  discount: w.discount,
});

export type BrandStorySpec = StorySpec & {
  supportEmail: string | null;
  supportPhone: string | null;
  orderNumberFrom: number;
};

export function storySpec(fixture: BrandFixture, linkBaseUrl: string): BrandStorySpec {
  const runs = (w: WorkflowFixture): boolean => w.status === 'active' && !w.is_paused;
  const recovery = fixture.workflows.find((w) => w.role === 'recovery' && runs(w));
  if (!recovery) throw new Error(`the demo brand ${fixture.key} needs a running recovery workflow`);
  const postPurchase = fixture.workflows.find((w) => w.role === 'post_purchase' && runs(w));
  const { brand, story } = fixture;
  return {
    key: fixture.key,
    seed: fixture.seed,
    name: brand.name,
    timeZone: brand.timezone,
    site: brand.company_website.replace(/\/+$/, ''),
    catalog: story.catalog,
    reEngagePeriod: brand.re_engage_period,
    extraData: brand.extra_data,
    supportEmail: brand.support_email,
    supportPhone: brand.support_phone,
    linkBaseUrl: linkBaseUrl.replace(/\/+$/, ''),
    people: {
      key: fixture.key,
      emailDomain: 'example.com',
      shoppers: story.shoppers,
      buyers: story.buyers,
      fresh: story.fresh,
    },
    freshMinutesAgo: story.fresh_minutes_ago,
    strays: story.strays,
    orderNumberFrom: story.order_number_from,
    recovery: storyWorkflow(recovery),
    postPurchase: postPurchase ? storyWorkflow(postPurchase) : null,
    behaviour: { recovery: RECOVERY_BEHAVIOUR, postPurchase: POST_PURCHASE_BEHAVIOUR },
  };
}
