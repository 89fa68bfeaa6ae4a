/**
 * The brand API's workflow editing routes: the editor's templates and rule language, create from a
 * template or blank, change, activate, delete. Validation answers carry the service's messages;
 * another brand's workflow is 'Flow not found' (404) like a missing one; a member may build and
 * change drafts but not activate or delete (403 with the reason). Also the composer's counting
 * context.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedMineAndTheirs, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t, { SMS_SEGMENT_PRICE_USD: '0.0079' });
let mine: World;
let theirs: World;
let admin: string;
let member: string;
let base: string;

beforeAll(async () => {
  ({ mine, theirs, admin, member } = await seedMineAndTheirs(t.db, api, ['edit', 'other']));
  base = `/api/brands/${mine.ids.brandId}/workflows`;
});

const FLOW_NOT_FOUND = { error: { kind: 'not_found', code: 'workflow_not_found', message: 'Flow not found' } };

describe('GET /api/brands/:brandId/workflow-editor', () => {
  it('offers the six templates, the rule fields with their operators, and what the caller may do', async () => {
    const editor = (await api.get(`/api/brands/${mine.ids.brandId}/workflow-editor`, admin)).json();
    expect(editor.templates.map((x: { key: string }) => x.key)).toEqual([
      'abandoned-cart',
      'instant-upsell',
      'upsell',
      'cross-sell',
      'replenishment',
      're-engagement',
    ]);
    expect(editor.templates[0]).toMatchObject({ name: 'Abandoned Cart', type: 'checkout', delay_minutes: 30 });
    expect(editor.rule_fields).toContainEqual({
      field: 'cart_total',
      kind: 'number',
      operators: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'not_in'],
    });
    expect(editor.discount_types).toEqual(['percentage', 'fixed', 'shipping']);
    expect(editor.permissions).toEqual({ role: 'admin', activate: true, delete: true, reason: null });
    const asMember = (await api.get(`/api/brands/${mine.ids.brandId}/workflow-editor`, member)).json();
    expect(asMember.permissions).toEqual({
      role: 'member',
      activate: false,
      delete: false,
      reason: 'Only a brand admin can activate or delete a workflow.',
    });
  });
});

describe('the composer’s counting context', () => {
  it('gives the short link as texts carry it, sample values and the segment price', async () => {
    const context = (await api.get(`/api/brands/${mine.ids.brandId}/texting/composer`, member)).json();
    expect(context).toEqual({
      link_example: 'https://app.reclaim.test/r/Ab3dE5gH',
      sample: {
        first_name: 'Alex',
        brand_name: `Brand ${mine.tag}`,
        discount_code: 'LR-K7QX2M',
        discount_value: '10%',
      },
      segment_price: { amount: '0.0079', currency: 'USD' },
    });
  });
});

describe('create, change, activate, delete', () => {
  it('a member creates from the abandoned-cart template and edits the draft; only an admin activates and deletes', async () => {
    const created = await api.post(base, member, { template: 'abandoned-cart' });
    expect(created.statusCode, created.body).toBe(201);
    const workflow = created.json().workflow;
    expect(workflow).toMatchObject({
      name: 'Abandoned Cart',
      template: 'abandoned-cart',
      state: 'draft',
      delay_minutes: 30,
      discount: { type: 'percentage', value: 10, duration_days: 10 },
    });
    expect(workflow.message_text).toContain('{cart_link}');

    const edited = await api.call('PATCH', `${base}/${workflow.id}`, member, {
      message: 'Hi {first_name} 👋 your cart: {cart_link}',
      delay_minutes: 45,
      condition: 'OR',
      rules: [{ field: 'cart_total', operator: 'gte', value: 50 }],
      discount: { type: 'fixed', value: 5, duration_days: 7 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().workflow).toMatchObject({
      message_text: 'Hi {first_name} 👋 your cart: {cart_link}',
      delay_minutes: 45,
      rules: { condition: 'OR', rules: [{ field: 'cart_total', operator: 'gte', value: 50 }] },
      discount: { type: 'fixed', value: 5, duration_days: 7 },
      state: 'draft',
    });
    const row = await t.db('workflows').where({ id: workflow.id }).first();
    expect(row.delay_minutes).toBe(45);

    const refused = await api.post(`${base}/${workflow.id}/activate`, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: { kind: 'forbidden', code: 'admin_only', message: 'Only a brand admin can activate a workflow.' },
    });
    const notDeleted = await api.call('DELETE', `${base}/${workflow.id}`, member);
    expect(notDeleted.json()).toEqual({
      error: { kind: 'forbidden', code: 'admin_only', message: 'Only a brand admin can delete a workflow.' },
    });
    expect((await t.db('workflows').where({ id: workflow.id }).first()).status).toBe('draft');

    const activated = await api.post(`${base}/${workflow.id}/activate`, admin);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().workflow).toMatchObject({ state: 'active', status: 'active', is_paused: false });

    const deleted = await api.call('DELETE', `${base}/${workflow.id}`, admin);
    expect(deleted.json()).toEqual({ deleted: { id: workflow.id, name: 'Abandoned Cart' } });
    expect(await t.db('workflows').where({ id: workflow.id }).first()).toBeUndefined();
    expect((await api.get(`${base}/${workflow.id}`, admin)).json()).toEqual(FLOW_NOT_FOUND);
  });

  it('a blank workflow: its type and name, a paused draft', async () => {
    const created = await api.post(base, member, { type: 'cart', name: 'Browse reminder', message: 'Still there?' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().workflow).toMatchObject({ type: 'cart', name: 'Browse reminder', state: 'draft' });
  });
});

describe('validation messages are the service’s', () => {
  it.each([
    ['an unknown template', { template: 'flash-sale' }, 404, 'No template workflow found'],
    [
      'a blank workflow of no known type',
      { type: 'fax', name: 'X' },
      400,
      expect.stringMatching(/^Type must be one of /),
    ],
    ['a name of spaces', { type: 'cart', name: '   ' }, 400, 'Name is required'],
    [
      'a delay that is not whole minutes',
      { template: 'abandoned-cart', delay_minutes: 'soon' },
      400,
      'Delay must be a whole number of minutes',
    ],
    [
      'a template and a rule on an unknown field',
      { template: 'abandoned-cart', rules: [{ field: 'shoe_size', operator: 'eq', value: 9 }] },
      400,
      expect.stringMatching(/^Rule 1: /),
    ],
  ])('create with %s', async (_name, body, status, message) => {
    const before = await t.db('workflows').where({ brand_id: mine.ids.brandId }).count({ n: '*' }).first();
    const answer = await api.post(base, admin, body);
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json().error.message).toEqual(message);
    // A template with a bad field leaves no draft behind.
    const after = await t.db('workflows').where({ brand_id: mine.ids.brandId }).count({ n: '*' }).first();
    expect(after!.n).toBe(before!.n);
  });

  it.each([
    ['a rule on an unknown field', { rules: [{ field: 'shoe_size', operator: 'eq', value: 9 }] }, /^Rule 1: /],
    ['a condition that is neither AND nor OR', { condition: 'XOR' }, /^Condition must be AND or OR$/],
    ['a discount of an unknown type', { discount: { type: 'bogo' } }, /^Invalid discount rule$/],
    ['a time zone that does not exist', { timezone: 'Mars/Olympus' }, /^Timezone must be an IANA name/],
  ])('change with %s: 400 and nothing written', async (_name, body, message) => {
    const answer = await api.call('PATCH', `${base}/${mine.ids.workflowId}`, member, body);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().error).toMatchObject({ kind: 'invalid_input', message: expect.stringMatching(message) });
  });

  it('activating a draft with no message says so', async () => {
    const created = (await api.post(base, admin, { type: 'cart', name: 'Empty' })).json().workflow;
    const answer = await api.post(`${base}/${created.id}/activate`, admin);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe('Message is required');
  });
});

describe("another brand's workflow answers like a missing one", () => {
  it.each([
    ['PATCH', '', { delay_minutes: 5 }],
    ['POST', '/activate', undefined],
    ['DELETE', '', undefined],
  ] as const)('%s …/workflows/:id%s', async (method, tail, body) => {
    const url = (id: number) => `${base}/${id}${tail}`;
    const other = await api.call(method, url(theirs.ids.workflowId!), admin, body);
    const missing = await api.call(method, url(999_999_999), admin, body);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(FLOW_NOT_FOUND);
    expect(other.body).toBe(missing.body);
    // A member is told 404 too, not the role refusal: it cannot learn the workflow exists.
    expect((await api.call(method, url(theirs.ids.workflowId!), member, body)).json()).toEqual(FLOW_NOT_FOUND);
    const row = await t.db('workflows').where({ id: theirs.ids.workflowId }).first();
    expect(row).toMatchObject({ status: 'active', is_paused: false });
    expect(row.delay_minutes).not.toBe(5);
  });

  it("creating in another brand's scope is 'Brand not found'", async () => {
    const answer = await api.post(`/api/brands/${theirs.ids.brandId}/workflows`, admin, { template: 'abandoned-cart' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error.message).toBe('Brand not found');
  });
});
