import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationClient, selectCampaignNumber } from '../../src/messaging/index.ts';
import { startFakeInfobip, type FakeInfobip } from '../fakes/infobip.ts';

let infobip: FakeInfobip;
beforeAll(async () => {
  infobip = await startFakeInfobip();
});
afterAll(async () => infobip.close());

/** Owned numbers: 120 over three pages (50, 50, 20); area codes 212, then 415 and 646 on the last page. */
function ownNumbers(): void {
  const reg = infobip.registration;
  reg.numbers.splice(0);
  for (let i = 0; i < 120; i += 1) {
    const area = i < 100 ? '212' : i < 110 ? '415' : '646';
    reg.numbers.push({ numberKey: `NK-${i}`, number: `1${area}555${String(1000 + i)}` });
  }
}

describe('number selection for a new campaign', () => {
  it('pages owned numbers by 50 and campaigns by 2,000 with 1 s between pages, and prefers the area code', async () => {
    ownNumbers();
    const reg = infobip.registration;
    // 2,001 campaigns: two pages; the one on the second page uses the first 415 numbers.
    for (let i = 0; i < 2000; i += 1) reg.addExistingCampaign([`OTHER-${i}`]);
    reg.addExistingCampaign(['NK-100', 'NK-101']);
    const pauses: number[] = [];
    const client = registrationClient({ baseUrl: infobip.url, apiKey: infobip.apiKey });
    const picked = await selectCampaignNumber(client, { areaCode: '415', sleep: async (ms) => void pauses.push(ms) });

    expect(picked).toEqual({ numberKey: 'NK-102', number: '14155551102' });
    expect(reg.calls('numbers').map((r) => [r.query.get('page'), r.query.get('limit')])).toEqual([
      ['0', '50'],
      ['1', '50'],
      ['2', '50'],
    ]);
    expect(reg.calls('campaigns').map((r) => [r.query.get('page'), r.query.get('size')])).toEqual([
      ['0', '2000'],
      ['1', '2000'],
    ]);
    // Two between number pages, one before the campaign list, one between campaign pages.
    expect(pauses).toEqual([1000, 1000, 1000, 1000]);
    for (const request of reg.requests) expect(request.headers.authorization).toBe(`App ${infobip.apiKey}`);
  });

  it('takes the first unused number when none has the preferred area code', async () => {
    ownNumbers();
    infobip.registration.addExistingCampaign(['NK-0']);
    const client = registrationClient({ baseUrl: infobip.url, apiKey: infobip.apiKey });
    const picked = await selectCampaignNumber(client, { areaCode: '305', sleep: async () => undefined });
    expect(picked.numberKey).toBe('NK-1');
  });

  it("answers the spec's errors when a list cannot be read", async () => {
    const client = registrationClient({ baseUrl: infobip.url, apiKey: infobip.apiKey, sleep: async () => undefined });
    infobip.registration.failNext('numbers', 400);
    await expect(selectCampaignNumber(client, { sleep: async () => undefined })).rejects.toThrow(
      'Failed to list owned numbers',
    );
    infobip.registration.failNext('campaigns', 400);
    await expect(selectCampaignNumber(client, { sleep: async () => undefined })).rejects.toThrow(
      'Failed to list campaigns',
    );
  });
});
