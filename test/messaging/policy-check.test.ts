import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPolicyPages } from '../../src/messaging/index.ts';
import { matchPhrases } from '../../src/messaging/policy/rules.ts';
import { startServer } from '../fakes/server.ts';
import { startPageSite, type PageSite } from './registration-setup.ts';

let site: PageSite;
let closedUrl: string;
beforeAll(async () => {
  site = await startPageSite();
  const gone = await startServer((_req, res) => void res.end());
  closedUrl = `${gone.url}/terms`;
  await gone.close();
});
afterAll(async () => site.server.close());

const PER_PAGE =
  'page is accessible but missing required SMS compliance text. Please ensure your page contains the SMS consent language provided during setup.';

describe('the opt-in policy check on local pages', () => {
  it('passes when both pages carry the consent language (scripts and styles do not count)', async () => {
    const result = await checkPolicyPages({
      allowPrivateNetwork: true,
      termsUrl: site.url('/terms'),
      privacyUrl: site.url('/privacy'),
    });
    expect(result.passes).toBe(true);
    expect(result.message).toBeUndefined();
    for (const page of result.pages) expect(page).toMatchObject({ accessible: true, passes: true });
  });

  it('lists the missing phrases, each with a sentence to add, when a page has too few', async () => {
    const result = await checkPolicyPages({
      allowPrivateNetwork: true,
      termsUrl: site.url('/terms'),
      privacyUrl: site.url('/partial'),
    });
    expect(result.message).toBe('Policy verification failed: Privacy page missing required SMS compliance text');
    const privacy = result.pages[1]!;
    if (!privacy.accessible) throw new Error('the privacy page should be accessible');
    expect(privacy.message).toBe(`Privacy ${PER_PAGE}`);
    expect(privacy.phrases.found).toEqual([
      'consent to receive messages',
      'messaging program',
      'cart reminders',
      'sms messages',
    ]);
    expect(privacy.phrases.missing.map((m) => m.phrase)).toEqual([
      'marketing text messages',
      'short message service',
      'frequency of messages',
      'no condition for purchase',
      'not a condition of purchasing',
    ]);
    for (const m of privacy.phrases.missing) expect(m.suggestion.toLowerCase()).toContain(m.phrase);
  });

  it('names an unreachable page and a page that is too short', async () => {
    const result = await checkPolicyPages({
      allowPrivateNetwork: true,
      termsUrl: closedUrl,
      privacyUrl: site.url('/short'),
    });
    expect(result.message).toBe(
      'Policy verification failed: Terms URL not accessible, Privacy page missing required SMS compliance text',
    );
    expect(result.pages[0]).toMatchObject({ accessible: false, problem: 'could not be reached' });
    expect(result.pages[1]).toMatchObject({ accessible: true, tooShort: true, passes: false });
  });

  it('follows a redirect within the site and refuses one off the site', async () => {
    const result = await checkPolicyPages({
      allowPrivateNetwork: true,
      termsUrl: site.url('/moved'),
      privacyUrl: site.url('/elsewhere'),
    });
    expect(result.pages[0]).toMatchObject({ accessible: true, passes: true });
    expect(result.pages[1]).toMatchObject({ accessible: false, problem: 'redirects off the site to localhost' });
    expect(result.message).toBe('Policy verification failed: Privacy URL not accessible');
  });

  it.each([
    [
      'all nine, spaced and cased oddly',
      'CONSENT  to\nreceive messages messaging program marketing text messages cart reminders short message service sms messages frequency of messages no condition for purchase not a condition of purchasing',
      9,
      true,
    ],
    [
      'seven of nine (78%)',
      'consent to receive messages messaging program marketing text messages cart reminders short message service sms messages frequency of messages',
      7,
      true,
    ],
    [
      'six of nine (67%)',
      'consent to receive messages messaging program marketing text messages cart reminders short message service sms messages',
      6,
      false,
    ],
    ['none', 'We sell shoes.', 0, false],
  ])('phrase matching: %s', (_name, text, found, passes) => {
    const report = matchPhrases(text);
    expect(report.found).toHaveLength(found);
    expect(report.passes).toBe(passes);
  });
});
