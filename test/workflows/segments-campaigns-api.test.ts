/**
 * The brand API's segment and campaign write routes, as the panel calls them: the builder's
 * fields, the live count (equal to what a campaign freezes), save, rename, delete refused while a
 * scheduled campaign uses the segment; a campaign saved as a draft, changed, tested to a typed +1
 * number (one text, marked as a test, not counted), scheduled, moved and cancelled. Validation
 * answers carry the service's messages; another brand's ids answer 404 like missing ones; a member
 * builds but cannot schedule, cancel or delete (403 with the reason).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createContact } from '../factories/index.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedMineAndTheirs, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let mine: World;
let theirs: World;
let admin: string;
let member: string;
let brandBase: string;
const TESTER = '+12125550147';
const EVERYONE = {
  condition: 'OR',
  rules: [
    { field: 'contact_group', op: 'in', values: ['A'] },
    { field: 'contact_group', op: 'not_in', values: ['A'] },
  ],
};

beforeAll(async () => {
  ({ mine, theirs, admin, member } = await seedMineAndTheirs(t.db, api, ['seg', 'other']));
  brandBase = `/api/brands/${mine.ids.brandId}`;
  await createContact(t.db, mine.ids.brandId!, { phone: TESTER, given_name: 'Tess', extra_data: { tags: ['vip'] } });
  await createContact(t.db, mine.ids.brandId!, { phone: '+12125550148', channel: { status: 'unsubscribed' } });
});

describe('segments', () => {
  it('offers the fields the compiler knows, with their operators and value inputs', async () => {
    const builder = (await api.get(`${brandBase}/segment-builder`, member)).json();
    expect(builder.fields.map((f: { field: string }) => f.field)).toContain('tags');
    expect(builder.fields.find((f: { field: string }) => f.field === 'order_count')).toMatchObject({
      label: 'Number of orders',
      input: 'number',
      operators: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'],
    });
    expect(builder.states).toContain('FL');
    expect(builder.exclusions).toContainEqual({ reason: 'unsubscribed', label: 'unsubscribed' });
    expect(builder.permissions).toEqual({
      role: 'member',
      admin_only: ['delete'],
      reason: 'Only a brand admin can delete a segment.',
    });
  });

  it('counts a tree live, saves, renames and lists it with its count; bad trees get the reason', async () => {
    const preview = await api.post(`${brandBase}/segments/preview`, member, { filter: EVERYONE });
    expect(preview.statusCode).toBe(200);
    const count = preview.json();
    expect(count.matching).toBe(count.reachable + Object.values<number>(count.excluded).reduce((s, n) => s + n, 0));
    expect(count.excluded.unsubscribed).toBeGreaterThanOrEqual(1);
    expect(count.sample[0].phone).toMatch(/\*/);

    const vip = { condition: 'OR', rules: [{ field: 'tags', op: 'any', values: ['VIP'] }] };
    expect((await api.post(`${brandBase}/segments/preview`, member, { filter: vip })).json()).toMatchObject({
      matching: 1,
      reachable: 1,
    });

    const bad = await api.post(`${brandBase}/segments/preview`, member, {
      filter: { condition: 'AND', rules: [{ field: 'state', op: 'in', values: ['ZZ'] }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Failed to create filter: rules.0.values.0: Unknown US state');

    const noName = await api.post(`${brandBase}/segments`, member, { name: ' ', filter: vip });
    expect(noName.json().error.message).toBe(
      'Failed to create filter: a name of 1 to 200 characters, with no NUL character, is required',
    );

    const created = await api.post(`${brandBase}/segments`, member, { name: 'VIPs', filter: vip });
    expect(created.statusCode).toBe(201);
    const id = created.json().segment.id;
    const renamed = await api.call('PATCH', `${brandBase}/segments/${id}`, member, { name: 'Best customers' });
    expect(renamed.json().segment).toMatchObject({ id, name: 'Best customers', filter: vip, used_by: [] });
    const list = (await api.get(`${brandBase}/segments`, member)).json();
    expect(list.items.find((s: { id: number }) => s.id === id)).toMatchObject({
      name: 'Best customers',
      count: { matching: 1, reachable: 1 },
    });
    const saved = await api.post(`${brandBase}/segments/preview`, member, { segment_id: id });
    expect(saved.json()).toMatchObject({ segment_id: id, matching: 1, reachable: 1 });
  });

  it("answers 404 for another brand's segment, and a member cannot delete", async () => {
    const other = (
      await api.post(`/api/brands/${theirs.ids.brandId}/segments`, await api.login(theirs.user.email), {
        name: 'Theirs',
        filter: EVERYONE,
      })
    ).json().segment.id;
    const missing = await api.get(`${brandBase}/segments/999999999`, admin);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await api.call(method, `${brandBase}/segments/${other}`, admin, payload);
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toBe(missing.body);
    }
    expect((await api.post(`${brandBase}/segments/preview`, admin, { segment_id: other })).statusCode).toBe(404);

    const mineId = (await api.post(`${brandBase}/segments`, member, { name: 'Temp', filter: EVERYONE })).json().segment
      .id;
    const refused = await api.call('DELETE', `${brandBase}/segments/${mineId}`, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only a brand admin can delete a segment.');
    const deleted = await api.call('DELETE', `${brandBase}/segments/${mineId}`, admin);
    expect(deleted.json()).toEqual({ deleted: { id: mineId, name: 'Temp' } });
    expect(await t.db('filters').where({ id: mineId }).first()).toBeUndefined();
  });
});

describe('campaigns', () => {
  it('a draft: saved, changed, tested to a typed number (one text, not counted), scheduled, moved, cancelled', async () => {
    const segment = (await api.post(`${brandBase}/segments`, member, { name: 'All', filter: EVERYONE })).json().segment;
    const bad = await api.post(`${brandBase}/campaigns`, member, {
      segment_id: segment.id,
      message: 'Sale: {cart_link}',
      cutoff_hours: 100,
    });
    expect(bad.json().error.message).toBe('The cutoff must be a whole number of hours from 1 to 72.');
    const badLink = await api.post(`${brandBase}/campaigns`, member, {
      segment_id: segment.id,
      message: 'Sale: {cart_link}',
      link_url: 'ftp://x',
    });
    expect(badLink.json().error.message).toBe('The link must be an http(s) URL, got "ftp://x".');

    const created = await api.post(`${brandBase}/campaigns`, member, {
      name: 'Winter sale',
      segment_id: segment.id,
      message: 'Hi {first_name}, the winter sale is on: {cart_link}',
      link_url: 'https://shop.example.com/sale',
      discount: { type: 'percentage', value: 20 },
      cutoff_hours: 6,
    });
    expect(created.statusCode).toBe(201);
    const campaign = created.json().campaign;
    expect(campaign).toMatchObject({
      name: 'Winter sale',
      segment: { id: segment.id, name: 'All' },
      link_url: 'https://shop.example.com/sale',
      cutoff_hours: 6,
      smart_sending: true,
      progress: { state: 'draft', scheduled_for: null, targeted: 0 },
    });
    const url = `${brandBase}/campaigns/${campaign.id}`;

    const changed = await api.call('PATCH', url, member, { message: 'Winter sale: {cart_link}', smart_sending: false });
    expect(changed.json().campaign).toMatchObject({ message: 'Winter sale: {cart_link}', smart_sending: false });

    // A test to a typed number: +1 only, a subscriber of the brand, one text marked as a test.
    expect((await api.post(`${url}/test`, member, { to: '+442071234567' })).json().error.message).toBe(
      'Give a +1 number for the test, e.g. +1 415 555 0123.',
    );
    const stranger = await api.post(`${url}/test`, member, { to: '+1 (212) 555-0199' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.message).toMatch(
      /^Contact channel not found: \+1 \(212\) 555-0199 is not a subscriber/,
    );
    const before = Number(
      (
        await t
          .db('conversation_messages')
          .whereLike('provider_message_id', 'outbox-%')
          .count<{ count: string }[]>('* as count')
      )[0]!.count,
    );
    const test = await api.post(`${url}/test`, member, { to: '(212) 555-0147' });
    expect(test.statusCode).toBe(200);
    expect(test.json().body).toContain('Winter sale: ');
    const after = Number(
      (
        await t
          .db('conversation_messages')
          .whereLike('provider_message_id', 'outbox-%')
          .count<{ count: string }[]>('* as count')
      )[0]!.count,
    );
    expect(after - before).toBe(test.json().status === 'sent' ? 1 : 0);
    const message = await t.db('conversation_messages').where({ id: test.json().message_id }).first();
    expect(message.extra_data.campaign_test).toBe(true);

    // A member may not schedule or cancel.
    const refused = await api.post(`${url}/schedule`, member, { at: '2030-01-15 10:00' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only a brand admin can schedule a campaign.');
    expect((await api.post(`${url}/cancel`, member)).json().error.message).toBe(
      'Only a brand admin can cancel a campaign.',
    );

    // Scheduled in the brand's time zone; the past needs confirmation; moved; the segment is held.
    const past = await api.post(`${url}/schedule`, admin, { at: '2020-01-15 10:00' });
    expect(past.json().error).toMatchObject({ code: 'confirmation_required' });
    expect((await api.post(`${url}/schedule`, admin, { at: 'tomorrow' })).json().error.message).toMatch(
      /^Invalid schedule time "tomorrow"/,
    );
    const scheduled = await api.post(`${url}/schedule`, admin, { at: '2030-01-15T15:00:00Z' });
    expect(scheduled.json().campaign.progress).toMatchObject({ state: 'scheduled', targeted: 0, sent: 0 });
    expect(scheduled.json().campaign.progress.scheduled_for).toBe('2030-01-15T15:00:00.000Z');
    const moved = await api.post(`${url}/schedule`, admin, { at: '2030-01-16T15:00:00Z' });
    expect(moved.json().campaign.progress.scheduled_for).toBe('2030-01-16T15:00:00.000Z');
    const inUse = await api.call('DELETE', `${brandBase}/segments/${segment.id}`, admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toBe(
      'The segment is in use: a scheduled campaign “Winter sale” texts it. Cancel or change it first.',
    );

    const cancelled = await api.post(`${url}/cancel`, admin);
    expect(cancelled.json().campaign.progress).toMatchObject({ state: 'cancelled', targeted: 0, sent: 0 });
    expect((await api.post(`${url}/cancel`, admin)).json().error.message).toBe(
      'The campaign has already been sent or cancelled',
    );
    expect((await api.call('PATCH', url, admin, { name: 'Late' })).json().error.message).toBe(
      'The campaign has started sending; it can only be cancelled',
    );
    expect((await api.get(`${url}/orders`, member)).json()).toEqual({ items: [] });
    // The segment is free again.
    expect((await api.call('DELETE', `${brandBase}/segments/${segment.id}`, admin)).statusCode).toBe(200);
  });

  it("answers 404 for another brand's campaign on every write, like a missing one", async () => {
    const theirsToken = await api.login(theirs.user.email);
    const seg = (
      await api.post(`/api/brands/${theirs.ids.brandId}/segments`, theirsToken, { name: 'All', filter: EVERYONE })
    ).json().segment;
    const other = (
      await api.post(`/api/brands/${theirs.ids.brandId}/campaigns`, theirsToken, {
        segment_id: seg.id,
        message: 'Theirs',
      })
    ).json().campaign.id;
    for (const [method, path, payload] of [
      ['PATCH', '', { name: 'Mine' }],
      ['POST', '/test', { to: TESTER }],
      ['POST', '/schedule', { at: 'now' }],
      ['POST', '/cancel', undefined],
      ['GET', '/orders', undefined],
    ] as const) {
      const answer = await api.call(method, `${brandBase}/campaigns/${other}${path}`, admin, payload);
      const missing = await api.call(method, `${brandBase}/campaigns/999999999${path}`, admin, payload);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.body).toBe(missing.body);
    }
    // A new campaign on another brand's segment: the segment is not found.
    const cross = await api.post(`${brandBase}/campaigns`, admin, { segment_id: seg.id, message: 'Hi' });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error.message).toBe('Filter not found');
  });
});
