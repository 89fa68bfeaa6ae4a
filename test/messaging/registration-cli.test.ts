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
/** With the callbacks configured too: register gets past its own checks to the pages. */
const configured = () => ({ ...env(), PUBLIC_URL: 'https://reclaim.example.com', INFOBIP_WEBHOOK_SECRET: 'secret' });

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

  it('settings shows what is missing exactly as register judges it; register refuses with the same list', async () => {
    const brandId = (await createBrand(t.db)).id;
    const shown = await cli('settings', '--brand', String(brandId));
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('  legal name:        -\n');
    expect(shown.stdout).not.toContain('Ready to register');
    const message =
      `Company settings are incomplete: set --legal-name, --ein, --street, --city, --state, --zip, --terms-url, --website, --brand-name, --phone, --email, --privacy-url with reclaim messaging settings --brand ${brandId}. ` +
      "Configuration is incomplete: set PUBLIC_URL, INFOBIP_WEBHOOK_SECRET (registration calls Infobip's API and points Infobip at this server's PUBLIC_URL, which refuses what does not carry INFOBIP_WEBHOOK_SECRET).";
    expect(shown.stdout).toContain(`Not ready to register. ${message}\n`);
    const json = JSON.parse((await cli('settings', '--brand', String(brandId), '--json')).stdout);
    expect(json.missing).toEqual([
      ...['--legal-name', '--ein', '--street', '--city', '--state', '--zip', '--terms-url', '--website'],
      ...['--brand-name', '--phone', '--email', '--privacy-url', 'PUBLIC_URL', 'INFOBIP_WEBHOOK_SECRET'],
    ]);
    const refused = await cli('register', '--brand', String(brandId), '--json');
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).error.message).toBe(message);
    expect(await t.db('brand_integrations').where({ brand_id: brandId }).first()).toBeUndefined();

    // Complete settings and configuration: ready, and register gets as far as the opt-in pages.
    const ready = await registrableBrand({ ctx: await t.context({ ALLOW_PRIVATE_NETWORK_FETCH: 'true' }), site });
    const readyJson = await runCli(['messaging', 'settings', '--brand', String(ready), '--json'], configured());
    expect(JSON.parse(readyJson.stdout).missing).toEqual([]);
    const readyText = await runCli(['messaging', 'settings', '--brand', String(ready)], configured());
    expect(readyText.stdout).toContain(
      `Ready to register: reclaim messaging register --brand ${ready} (it checks the terms and privacy pages first).\n`,
    );
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
    // --terms / --privacy with --brand check the page given instead of the brand's (a draft).
    const brandPages = await cli('policy-check', '--brand', String(brandId));
    expect(brandPages.code, brandPages.stdout).toBe(0);
    const draft = await cli('policy-check', '--brand', String(brandId), '--privacy', site.url('/partial'), '--json');
    expect(draft.code).toBe(1);
    expect(JSON.parse(draft.stdout).policy.pages.map((p: { url: string }) => p.url)).toEqual([
      site.url('/terms'),
      site.url('/partial'),
    ]);
    await cli('settings', '--brand', String(brandId), '--privacy-url', site.url('/partial'));
    const register = await runCli(['messaging', 'register', '--brand', String(brandId)], configured());
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
