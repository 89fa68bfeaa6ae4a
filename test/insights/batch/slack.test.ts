import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { beginSlackConnect, completeSlackConnect } from '../../../src/integrations/index.ts';
import { runInsightsBatch } from '../../../src/insights/index.ts';
import { createBrand } from '../../factories/index.ts';
import { SLACK_CLIENT, startFakeSlack, type FakeSlack } from '../../fakes/slack.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { conversationWith, shopper } from './seed.ts';

const t = useTestDatabase();
let fake: FakeSlack;
let ctx: AppContext;

beforeAll(async () => {
  fake = await startFakeSlack();
  ctx = await t.context({
    SLACK_CLIENT_ID: SLACK_CLIENT.id,
    SLACK_CLIENT_SECRET: SLACK_CLIENT.secret,
    SLACK_API_BASE_URL: fake.apiUrl,
    PUBLIC_URL: 'https://reclaim.example.com',
  });
});
afterAll(async () => fake?.close());

describe('new insights in the brand’s Slack channel', () => {
  it('posts one message listing the new insights when Slack is connected; none when nothing is new', async () => {
    const brand = await createBrand(t.db);
    const { authorizeUrl } = await beginSlackConnect(ctx, { brandId: brand.id });
    fake.addCode('code-insights', 'xoxb-insights-1', { id: 'C0INSIGHT', name: 'insights' });
    await completeSlackConnect(ctx, { code: 'code-insights', state: new URL(authorizeUrl).searchParams.get('state')! });
    await conversationWith(t.db, brand.id, [shopper('Do you ship to Canada?'), shopper('Is the jacket waterproof?')]);
    await runInsightsBatch(ctx, { brandId: brand.id });
    expect(fake.posted).toHaveLength(1);
    expect(fake.posted[0]).toMatchObject({ channel: 'C0INSIGHT', token: 'xoxb-insights-1' });
    expect(fake.posted[0]!.text).toContain("2 new insights from shoppers' messages");
    expect(fake.posted[0]!.text).toContain('• Do you ship to Canada?');
    expect(fake.posted[0]!.text).toContain(`<https://reclaim.example.com/b/${brand.id}/insights|Open insights>`);
    await runInsightsBatch(ctx, { brandId: brand.id });
    expect(fake.posted).toHaveLength(1);
  });
});
