import { describe, expect, it } from 'vitest';
import {
  cartKeyOf,
  decideCart,
  rankWorkflows,
  type Contender,
  type SeenContacts,
} from '../../../src/workflows/candidates/rules-choice.ts';
import type { BrandSettings, CandidateFacts } from '../../../src/workflows/index.ts';

const NOW = new Date('2026-11-24T18:00:00Z');
const brand: BrandSettings = { name: 'Acme', texasCompliance: false, holdoutGroups: ['D'], reEngagePeriodDays: null };
const facts = (overrides: Partial<CandidateFacts> = {}): CandidateFacts => ({
  kind: 'cart',
  eventId: 1,
  contactId: 10,
  contactGroup: 'A',
  channel: { id: 100, username: '+14155550100', status: 'subscribed', blocked: false, lastEngagedAt: null },
  province: 'CA',
  rule: { cartTotal: 80, productIds: [], collectionIds: [], tags: [], contactGroup: 'A' },
  outreach: { replied: false, conversationsWithSentOutgoing: 0 },
  lastConversationAt: null,
  ...overrides,
});
const workflow = (id: number, priority = 0, delay = 30) => ({
  id,
  name: `W${id}`,
  priority,
  delay_minutes: delay,
});
const contender = (w: ReturnType<typeof workflow>, f: Partial<CandidateFacts> = {}, minTotal = 0): Contender => ({
  workflow: w,
  facts: facts(f),
  input: {
    brand,
    workflow: {
      type: f.kind ?? 'cart',
      rules: { condition: 'AND', rules: minTotal ? [{ field: 'cart_total', operator: 'gte', value: minTotal }] : [] },
    },
    now: NOW,
  },
});
const outcomes = (r: ReturnType<typeof decideCart>): string[] => r.decisions.map((d) => `${d.outcome}/${d.reason}`);

describe('the choice order: priority (highest first), then the shortest delay, then the lowest id', () => {
  it.each([
    ['priority first', [workflow(1, 0, 10), workflow(2, 5, 60)], [2, 1]],
    ['then the shortest delay', [workflow(1, 0, 60), workflow(2, 0, 30)], [2, 1]],
    ['then the lowest id', [workflow(3, 0, 30), workflow(2, 0, 30)], [2, 3]],
    ['a negative priority comes after the default', [workflow(1, -1, 5), workflow(2, 0, 90)], [2, 1]],
  ])('%s', (_, list, ids) => expect(rankWorkflows(list).map((w) => w.id)).toEqual(ids));

  it('the cart a candidate reminds of: a checkout of a cart is that cart', () => {
    expect([cartKeyOf('cart', 5, null), cartKeyOf('checkout', 9, 5), cartKeyOf('checkout', 9, null)]).toEqual([
      'cart:5',
      'cart:5',
      'checkout:9',
    ]);
  });
});

describe('decideCart: at most one workflow per cart', () => {
  it('the first eligible starts; those before it keep their outcome; those after record other_workflow_chosen', () => {
    const result = decideCart(
      [
        contender(workflow(3, 5), {}, 100),
        contender(workflow(1), { kind: 'checkout', eventId: 7 }),
        contender(workflow(2)),
      ],
      { seen: new Map() },
    );
    expect(outcomes(result)).toEqual(['filtered_out/rules', 'started/started', 'duplicate/other_workflow_chosen']);
    expect(result.decisions[2]!.detail).toBe(
      'workflow 1 (W1) was chosen for this cart (checkout 7): the first eligible by priority (highest first), then the shortest delay, then the lowest id',
    );
    expect(result.chosen).toMatchObject({ workflowId: 1, kind: 'checkout', eventId: 7 });
  });

  it('nobody eligible: each workflow records its own outcome and nothing is chosen', () => {
    const result = decideCart(
      [contender(workflow(1), { province: 'TX' }), contender(workflow(2), { province: 'TX' })],
      {
        seen: new Map(),
      },
    );
    expect(outcomes(result)).toEqual(['filtered_out/texas', 'filtered_out/texas']);
    expect(result.chosen).toBeUndefined();
  });

  it('a held-out shopper is chosen too: the others do not text them', () => {
    const result = decideCart([contender(workflow(1), { contactGroup: 'D' }), contender(workflow(2))], {
      seen: new Map(),
    });
    expect(outcomes(result)).toEqual(['holdout/holdout', 'duplicate/other_workflow_chosen']);
  });

  it('a cart chosen by an earlier run: every workflow records other_workflow_chosen', () => {
    const at = new Date('2026-11-24T17:00:00Z');
    const result = decideCart([contender(workflow(1)), contender(workflow(2))], {
      seen: new Map(),
      earlier: { workflowId: 9, workflowName: 'Old', kind: 'cart', eventId: 1, at },
    });
    expect(outcomes(result)).toEqual(['duplicate/other_workflow_chosen', 'duplicate/other_workflow_chosen']);
    expect(result.decisions[0]!.detail).toBe(
      'workflow 9 (Old) was chosen for this cart (cart 1) on 2026-11-24T17:00:00.000Z: one cart reminder per cart',
    );
  });

  it("one text per contact per run across workflows; the chosen workflow's second checkout of the cart is same_cart", () => {
    const seen: SeenContacts = new Map([[10, { kind: 'checkout', id: 3 }]]);
    expect(outcomes(decideCart([contender(workflow(1)), contender(workflow(2))], { seen }))).toEqual([
      'duplicate/same_contact',
      'duplicate/same_contact',
    ]);
    const twoCheckouts = decideCart(
      [
        contender(workflow(1), { kind: 'checkout', eventId: 7, contactId: 20 }),
        contender(workflow(1), { kind: 'checkout', eventId: 8, contactId: 21 }),
      ],
      { seen: new Map() },
    );
    expect(outcomes(twoCheckouts)).toEqual(['started/started', 'duplicate/same_cart']);
  });
});
