/**
 * `reclaim tenant setup` from flags and lead files: the lead file's keys are the flags' names (the
 * older names still work, unknown keys are refused), a bad value names where it came from, and the
 * same setup run again changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupRowCounts } from '../factories/accounts.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reclaim-setup-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const tag = (): string => randomBytes(4).toString('hex');
const counts = () => setupRowCounts(t.db);

describe('reclaim tenant setup: lead files and re-runs', () => {
  it("a lead file's keys are the flags' names; the older company_name and support_phone still work; a bad value names its key", async () => {
    const id = tag();
    const file = join(dir, `flag-keys-${id}.json`);
    await writeFile(
      file,
      JSON.stringify({
        email: `keys-${id}@shop.com`,
        'first-name': 'Ana',
        last_name: 'Ruiz',
        company: `Keys ${id}`,
        'store-url': `keys-${id}.com`,
        phone: '(212) 555-0100',
      }),
    );
    const made = await runCli(['tenant', 'setup', '--lead-file', file, '--json'], testEnv(t.url));
    expect([made.code, made.stderr]).toEqual([0, '']);
    const brand = await t
      .db('brands')
      .where({ id: JSON.parse(made.stdout).brand_id })
      .first();
    expect([brand.name, brand.domain, brand.support_phone]).toEqual([`Keys ${id}`, `keys-${id}.com`, '+12125550100']);
    expect(
      await t
        .db('users')
        .where({ email: `keys-${id}@shop.com` })
        .first(),
    ).toMatchObject({
      given_name: 'Ana',
      family_name: 'Ruiz',
    });

    const old = join(dir, `old-keys-${id}.json`);
    await writeFile(
      old,
      JSON.stringify({
        email: `old-${id}@shop.com`,
        company_name: `Old ${id}`,
        store_url: `old-${id}.com`,
        support_phone: '4155550134',
      }),
    );
    const fromOld = await runCli(['tenant', 'setup', '--lead-file', old, '--json'], testEnv(t.url));
    expect(fromOld.code, fromOld.stderr).toBe(0);
    expect(
      await t
        .db('brands')
        .where({ id: JSON.parse(fromOld.stdout).brand_id })
        .first('name', 'support_phone'),
    ).toEqual({ name: `Old ${id}`, support_phone: '+14155550134' });

    const bad = join(dir, `bad-phone-${id}.json`);
    await writeFile(
      bad,
      JSON.stringify({ email: `bad-${id}@shop.com`, company: 'X', 'store-url': 'x.com', phone: '555' }),
    );
    const refused = await runCli(['tenant', 'setup', '--lead-file', bad], testEnv(t.url));
    expect([refused.code, refused.stderr]).toEqual([
      1,
      `Error: "phone" in ${bad}: Please enter a valid phone number\n`,
    ]);
  });

  it('a lead file with a key it does not know is refused, naming the key, and creates nothing', async () => {
    const before = await counts();
    const file = join(dir, `unknown-${tag()}.json`);
    await writeFile(
      file,
      JSON.stringify({
        email: `u-${tag()}@shop.com`,
        compnay: 'Typo Co',
        company: 'Typo Co',
        'store-url': 'typo.com',
        plan_id: 2,
      }),
    );
    const result = await runCli(['tenant', 'setup', '--lead-file', file], testEnv(t.url));
    expect([result.code, result.stderr]).toEqual([
      1,
      `Error: --lead-file ${file}: unknown keys "compnay", "plan_id" (the keys are email, first-name, last-name, company, store-url, phone, password, id, source-name, annual-revenue, extra-data; _ may stand for -)\n`,
    ]);
    const both = join(dir, `both-${tag()}.json`);
    await writeFile(
      both,
      JSON.stringify({ email: `b-${tag()}@shop.com`, company: 'A', company_name: 'B', 'store-url': 'b.com' }),
    );
    const twice = await runCli(['tenant', 'setup', '--lead-file', both], testEnv(t.url));
    expect([twice.code, twice.stderr]).toEqual([
      1,
      `Error: --lead-file ${both}: "company" and "company_name" are the same field with different values\n`,
    ]);
    expect(await counts()).toEqual(before);
  });

  it('running the same setup again leaves everything unchanged and exits 0; another company on that e-mail is refused naming --email', async () => {
    const id = tag();
    const args = [
      'tenant',
      'setup',
      '--email',
      `again-${id}@shop.com`,
      '--company',
      `Again ${id}`,
      '--store-url',
      `again-${id}.com`,
      '--phone',
      '(415) 555-0134',
    ];
    const first = await runCli([...args, '--json'], testEnv(t.url));
    expect(first.code, first.stderr).toBe(0);
    const made = JSON.parse(first.stdout);
    const lead = await t.db('leads').where({ id: made.lead_id }).first();
    const before = await counts();

    const again = await runCli([...args, '--json'], testEnv(t.url));
    expect([again.code, again.stderr, JSON.parse(again.stdout)]).toEqual([0, '', { ...made, created: false }]);
    const human = await runCli(args, testEnv(t.url));
    expect([human.code, human.stdout]).toEqual([
      0,
      `Lead ${made.lead_id} was already set up; nothing changed:\n  tenant ${made.tenant_id}, user ${made.user_id}, brand ${made.brand_id}\n`,
    ]);
    expect(await counts()).toEqual(before);
    expect(await t.db('leads').where({ id: made.lead_id }).first()).toEqual(lead);

    const other = await runCli(
      ['tenant', 'setup', '--email', `again-${id}@shop.com`, '--company', 'Other Co', '--store-url', 'other.com'],
      testEnv(t.url),
    );
    expect([other.code, other.stderr]).toEqual([
      1,
      "Error: --email: An account with this email already exists (a re-run of the same setup changes nothing; --allow-duplicate makes that user this tenant's admin too)\n",
    ]);
    expect(await counts()).toEqual(before);
  });
});
