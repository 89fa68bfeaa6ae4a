import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrand } from '../factories/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { registrableBrand, startPageSite, type PageSite } from './registration-setup.ts';

const t = useTestDatabase();
let site: PageSite;
beforeAll(async () => {
  site = await startPageSite();
});
afterAll(async () => site.server.close());

const env = () => ({
  ...testEnv(t.url),
  INFOBIP_BASE_URL: 'http://127.0.0.1:9',
  INFOBIP_API_KEY: 'k',
  ALLOW_PRIVATE_NETWORK_FETCH: 'true',
});
const cli = (...args: string[]) => runCli(['messaging', ...args], env());

describe('reclaim messaging', () => {
  it('settings: validates each flag, changes nothing on a bad one, and lists what registration still needs', async () => {
    const brandId = (await createBrand(t.db)).id;
    const bad = await cli('settings', '--brand', String(brandId), '--legal-name', 'Acme LLC', '--ein', '12-34');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Invalid company settings: EIN must be 9 digits written 12-3456789.');
    expect(await t.db('messaging_company_settings').where({ brand_id: brandId }).first()).toBeUndefined();

    const ok = await cli('settings', '--brand', String(brandId), '--legal-name', 'Acme LLC', '--state', 'tx', '--json');
    expect(ok.code, ok.stderr).toBe(0);
    const printed = JSON.parse(ok.stdout);
    expect(printed.settings.company_info).toEqual({ legal_company_name: 'Acme LLC', address: { state: 'TX' } });
    expect(printed.missing).toContain('--ein');

    const refused = await cli('register', '--brand', String(brandId));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Company settings are incomplete: set --ein, --street');
    const missing = await cli('settings', '--brand', '999999');
    expect(missing.stderr).toContain('Brand not found');
  }, 120_000);

  it('policy-check lists the missing phrases with a sentence for each and exits 1; register refuses the same', async () => {
    const check = await cli('policy-check', '--terms', site.url('/terms'), '--privacy', site.url('/partial'));
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('Policy verification failed: Privacy page missing required SMS compliance text');
    expect(check.stdout).toContain('4 of 9 consent phrases (44%, 70% needed)');
    expect(check.stdout).toContain('- "not a condition of purchasing": Your consent is not a condition of purchasing');
    const good = await cli('policy-check', '--terms', site.url('/terms'), '--privacy', site.url('/privacy'));
    expect(good.code).toBe(0);
    expect(good.stdout).toContain('Policy check passed');

    const brandId = await registrableBrand({ ctx: await t.context({ ALLOW_PRIVATE_NETWORK_FETCH: 'true' }), site });
    await cli('settings', '--brand', String(brandId), '--privacy-url', site.url('/partial'));
    const register = await cli('register', '--brand', String(brandId));
    expect(register.code).toBe(1);
    expect(register.stderr).toContain(
      'Error: Policy verification failed: Privacy page missing required SMS compliance text',
    );
    expect(register.stderr).toContain('missing phrases, with a sentence you can add');
    expect(await t.db('brand_integrations').where({ brand_id: brandId }).first()).toBeUndefined();

    const status = await cli('status');
    expect(status.stdout).toContain('No brand has started 10DLC registration');
    const help = await cli('register', '--help');
    expect(help.stdout).toContain('$ reclaim messaging register --brand 1');
  }, 120_000);
});
