import { beforeAll, describe, expect, it } from 'vitest';
import { createBrand } from '../factories/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let brandId: number;

const cli = (args: string[]) => runCli(['kb', ...args], testEnv(t.url));

beforeAll(async () => {
  brandId = (await createBrand(t.db)).id;
  await t.db('kb_cards').insert([
    { brand_id: brandId, title: 'Returns', content: 'Free returns within 30 days.', status: 'published' },
    { brand_id: brandId, title: 'Sizes', content: 'Sizes run small.', status: 'published' },
  ]);
});

describe('reclaim kb: add, update, search, list, delete', () => {
  let cardId: number;

  it('adds a card and prints it as JSON', async () => {
    const added = await cli([
      'add',
      '--brand',
      String(brandId),
      '--title',
      'Shipping to Canada',
      '--content',
      'We ship to Canada in 5 to 7 business days.',
      '--status',
      'published',
      '--weight',
      '3',
      '--json',
    ]);
    expect(added.code).toBe(0);
    const card = JSON.parse(added.stdout);
    expect(card).toMatchObject({ brand_id: brandId, status: 'published', source: 'manual', weight: 3 });
    cardId = card.id;
  });

  it("an update without an id answers 'No ID provided for update'", async () => {
    const missing = await cli(['update', '--brand', String(brandId), '--title', 'Changed', '--json']);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout).error).toMatchObject({ message: 'No ID provided for update' });
    expect(missing.stderr).toBe('Error: No ID provided for update\n');

    const updated = await cli(['update', String(cardId), '--brand', String(brandId), '--status', 'unpublished']);
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain(`KB card ${cardId} updated (brand ${brandId}).`);
    expect(updated.stdout).toContain('unpublished');
  });

  it('searches ranked, saying which short words it ignored', async () => {
    const found = await cli(['search', 'Do we ship to CA?', '--brand', String(brandId), '--json']);
    expect(found.code).toBe(0);
    const result = JSON.parse(found.stdout);
    expect(result).toMatchObject({ mode: 'full_text', total: 1, words: ['ship'], ignored: ['do', 'we', 'to', 'ca'] });
    expect(result.items[0]).toMatchObject({ id: cardId, title: 'Shipping to Canada' });

    const text = await cli(['search', 'returns', '--brand', String(brandId)]);
    expect(text.stdout).toContain('Searched for: returns');
    expect(text.stdout).toContain('Returns');
    expect(text.stdout).toContain('1 of 1.');
  });

  it('lists by weight and deletes', async () => {
    const listed = await cli(['list', '--brand', String(brandId)]);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toContain('Shipping to Canada');
    expect(lines.at(-1)).toBe('1-3 of 3.');

    const deleted = await cli(['delete', String(cardId), '--brand', String(brandId)]);
    expect(deleted.stdout).toBe(`KB card ${cardId} deleted.\n`);
    const again = await cli(['delete', String(cardId), '--brand', String(brandId)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('KB card not found');
  });
});
