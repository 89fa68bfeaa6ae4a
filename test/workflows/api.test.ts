/**
 * The brand API's workflow routes: the list pages newest first with a total, one workflow, pause
 * and resume (a draft is not resumed), and explain for a cart and for an order.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createWorkflow } from '../factories/index.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedWorld, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let world: World;
let token: string;
let draftId: number;
let base: string;

beforeAll(async () => {
  world = await seedWorld(t.db, 'flows');
  token = await api.login(world.user.email);
  const draft = await createWorkflow(t.db, {
    brandId: world.ids.brandId!,
    name: 'Draft Upsell',
    status: 'draft',
    created_at: new Date(Date.now() + 60_000),
  });
  draftId = draft.id;
  base = `/api/brands/${world.ids.brandId}/workflows`;
});

describe('GET /api/brands/:brandId/workflows', () => {
  it('pages newest first with the total, each workflow with its funnel for the period', async () => {
    const all = await api.get(base, token);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 2, offset: 0, limit: 100 });
    expect(all.json().items.map((w: { id: number }) => w.id)).toEqual([draftId, world.ids.workflowId]);
    expect(all.json().items[1]).toMatchObject({
      name: `Workflow ${world.tag}`,
      state: 'active',
      discount: { type: 'percentage', value: 10 },
    });
    const stats = all.json().items[1].stats;
    expect(stats.current).toMatchObject({ days: 30, timezone: 'America/Los_Angeles' });
    expect(stats.steps.length).toBeGreaterThan(0);
    expect(stats.steps[0]).toMatchObject({ current: expect.any(Number), previous: expect.any(Number) });
    const second = await api.get(`${base}?offset=1&limit=1`, token);
    expect(second.json()).toMatchObject({ total: 2, offset: 1, limit: 1 });
    expect(second.json().items.map((w: { id: number }) => w.id)).toEqual([world.ids.workflowId]);
  });
});

describe('GET, pause and resume one workflow', () => {
  it('shows it, pauses and resumes it; a draft cannot be resumed', async () => {
    const one = await api.get(`${base}/${world.ids.workflowId}`, token);
    expect(one.json().workflow).toMatchObject({
      id: world.ids.workflowId,
      message_text: `Message ${world.tag} {cart_link}`,
    });

    const paused = await api.post(`${base}/${world.ids.workflowId}/pause`, token);
    expect(paused.statusCode).toBe(200);
    expect(paused.json().workflow).toMatchObject({ state: 'paused', is_paused: true });
    expect((await t.db('workflows').where({ id: world.ids.workflowId }).first()).is_paused).toBe(true);
    const resumed = await api.post(`${base}/${world.ids.workflowId}/resume`, token);
    expect(resumed.json().workflow).toMatchObject({ state: 'active', is_paused: false });

    const draft = await api.post(`${base}/${draftId}/resume`, token);
    expect(draft.statusCode).toBe(400);
    expect(draft.json().error).toMatchObject({ kind: 'invalid_input', code: 'workflow_is_draft' });
    const missing = await api.get(`${base}/abc`, token);
    expect(missing.json()).toEqual({
      error: { kind: 'not_found', code: 'workflow_not_found', message: 'Flow not found' },
    });
    expect((await api.get(`${base}/999999999`, token)).body).toBe(missing.body);
  });
});

describe('explain a cart or an order', () => {
  it('says per workflow why the shopper was or was not texted, with the phone masked', async () => {
    const cart = await api.get(`/api/brands/${world.ids.brandId}/carts/${world.ids.cartId}/explain`, token);
    expect(cart.statusCode).toBe(200);
    expect(cart.json().subject).toMatchObject({ kind: 'cart', id: world.ids.cartId, contact_id: world.ids.contactId });
    expect(cart.json().subject.phone).toBe(`${world.phone.slice(0, 5)}***${world.phone.slice(-4)}`);
    expect(
      cart
        .json()
        .workflows.map((w: { workflow: { id: number } }) => w.workflow.id)
        .sort(),
    ).toEqual([world.ids.workflowId, draftId].sort());
    // What decided, as machine values the panel phrases: the draft does not run (or does not apply).
    const draft = cart.json().workflows.find((w: { workflow: { id: number } }) => w.workflow.id === draftId);
    expect(draft.reason).toMatchObject(
      draft.candidate ? { code: 'not_running', why: 'draft', at: null } : { code: 'not_applicable' },
    );
    const order = await api.get(`/api/brands/${world.ids.brandId}/orders/${world.ids.orderId}/explain`, token);
    expect(order.statusCode).toBe(200);
    expect(order.json().subject).toMatchObject({ kind: 'order', id: world.ids.orderId });
    const unknown = await api.get(`/api/brands/${world.ids.brandId}/carts/999999999/explain`, token);
    expect(unknown.json()).toEqual({ error: { kind: 'not_found', code: null, message: 'Cart not found' } });
  });
});
