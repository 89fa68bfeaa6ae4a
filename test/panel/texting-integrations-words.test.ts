/**
 * The texting number's and the integrations' words (pure): every registration state has a label,
 * what happens next and, while something is waiting, how long it usually takes; a rejection's
 * reasons as a list without the machine date; a link's state with its last error; the company
 * form's values in and out of the API's shape.
 */
import { describe, expect, it } from 'vitest';
import { healthDetailInWords, linkInWords } from '../../web-panel/src/features/integrations/components/words.ts';
import {
  flatten,
  industryWords,
  nest,
  NOT_REGISTERED,
  registrationInWords,
  REJECTED,
  stopReasons,
} from '../../web-panel/src/features/texting/components/words.ts';
import { REGISTRATION_STATES } from '../../src/messaging/index.ts';

describe('the registration in words', () => {
  it.each(REGISTRATION_STATES)('%s has a label and a next step; a waiting state says how long', (state) => {
    const words = registrationInWords({ state, failed_from: null });
    expect(words.label).not.toMatch(/_/);
    expect(words.next.length).toBeGreaterThan(20);
    if (words.tone === 'wait') expect(words.usually).toMatch(/minutes|days|weeks/);
  });

  it('no registration, and a campaign the carriers rejected, have their own words', () => {
    expect(registrationInWords(null)).toBe(NOT_REGISTERED);
    expect(registrationInWords({ state: 'manual_intervention', failed_from: 'campaign_approval_pending' })).toBe(
      REJECTED,
    );
    expect(registrationInWords({ state: 'campaign_approval_pending', failed_from: null }).usually).toBe('1 to 3 weeks');
  });

  it.each([
    [
      'Campaign rejected. Reasons: Terms page lacks opt-out, Sample texts unclear. Details: 1001: No STOP wording; 1002: Missing brand name. Date: 2026-11-20T10:00:00Z',
      ['Terms page lacks opt-out', 'Sample texts unclear', '1001: No STOP wording', '1002: Missing brand name'],
    ],
    ['Campaign rejected. Reasons: Bad opt-in', ['Bad opt-in']],
    ['Brand registration failed', ['Brand registration failed']],
    [null, []],
  ])('stop reasons of %j', (message, reasons) => {
    expect(stopReasons(message)).toEqual(reasons);
  });
});

describe('integrations in words', () => {
  it.each([
    ['not_connected', null, 'Not connected', false],
    ['pending_setup', null, 'Connection not finished', false],
    ['disconnected', null, 'Disconnected', false],
    ['connected', { status: 'ok', checked_at: null }, 'Connected', true],
    [
      'connected',
      { status: 'Authentication required, please reconnect', checked_at: null },
      'Connected, needs attention',
      false,
    ],
  ] as const)('Slack %s with %j reads %s', (status, health, label, healthy) => {
    const words = linkInWords('Slack', status, health);
    expect([words.label, words.healthy]).toEqual([label, healthy]);
    if (health && health.status !== 'ok') expect(words.detail).toBe(`Last error: ${health.status}.`);
  });

  it('a missing permission is named without its machine spelling', () => {
    expect(healthDetailInWords('Missing permissions: read_orders, write_discounts')).toBe(
      'Reclaim is missing these permissions: read orders, write discounts.',
    );
  });
});

describe('the company form', () => {
  it('flattens the saved settings and nests the form back', () => {
    const saved = { company_info: { tax_ein: '12-3456789', address: { zip: '94105' } }, contact_info: {} };
    const flat = flatten(saved);
    expect(flat).toEqual({ 'company_info.tax_ein': '12-3456789', 'company_info.address.zip': '94105' });
    expect(nest(flat)).toEqual({ company_info: { tax_ein: '12-3456789', address: { zip: '94105' } } });
    expect(industryWords('financial_services')).toBe('Financial services');
  });
});
