/**
 * The brand API's contact reads: the list pages with a total and shows addresses masked; one
 * contact shows its channels (masked), consent and outreach eligibility.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createContact } from '../factories/index.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedWorld, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
const api = useBrandApi(t);
let world: World;
let token: string;

beforeAll(async () => {
  world = await seedWorld(t.db, 'people');
  token = await api.login(world.user.email);
  const { contact } = await createContact(t.db, world.ids.brandId!, { phone: '+16465550142', given_name: 'Noor' });
  await t.db('contact_channels').insert({
    brand_id: world.ids.brandId,
    contact_id: contact.id,
    type: 'email',
    username: 'noor.shopper@example.com',
    status: 'subscribed',
  });
});

const masked = (phone: string) => `${phone.slice(0, 5)}***${phone.slice(-4)}`;

describe('GET /api/brands/:brandId/contacts', () => {
  it('pages newest first with the total; phone numbers and e-mails are masked', async () => {
    const first = await api.get(`/api/brands/${world.ids.brandId}/contacts?limit=1`, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 2, offset: 0, limit: 1 });
    const noor = first.json().items[0];
    expect(noor.given_name).toBe('Noor');
    expect(noor.channels.map((c: { username: string }) => c.username).sort()).toEqual(
      [masked('+16465550142'), 'n***@example.com'].sort(),
    );
    const all = await api.get(`/api/brands/${world.ids.brandId}/contacts`, token);
    expect(all.json().limit).toBe(10);
    for (const whole of ['+16465550142', 'noor.shopper@example.com', world.phone])
      expect(all.body).not.toContain(whole);
    const search = await api.get(`/api/brands/${world.ids.brandId}/contacts?q=646555`, token);
    expect(search.json().items.map((c: { given_name: string }) => c.given_name)).toEqual(['Noor']);
  });
});

describe('GET /api/brands/:brandId/contacts/:contactId', () => {
  it('shows channels masked, with consent and outreach eligibility', async () => {
    const answer = await api.get(`/api/brands/${world.ids.brandId}/contacts/${world.ids.contactId}`, token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().contact).toMatchObject({ id: world.ids.contactId, family_name: `Family${world.tag}` });
    expect(answer.json().contact.channels).toEqual([
      expect.objectContaining({
        username: masked(world.phone),
        status: 'subscribed',
        eligibility: expect.objectContaining({ eligible: true }),
      }),
    ]);
    expect(answer.body).not.toContain(world.phone);
  });
});
