/**
 * The panel's one formatting module (web-panel/src/lib/format.ts), table by table: what a brand
 * reads for each machine value the API sends.
 */
import { describe, expect, test } from 'vitest';
import {
  deviceInWords,
  durationInWords,
  formatAmount,
  formatDateTime,
  formatDay,
  formatMoney,
  formatPercent,
  formatRateOf,
  formatTime,
  hoursInWords,
  maskPhone,
  sameDay,
  stateInWords,
  stepTip,
  timezoneName,
  workflowStateWord,
} from '../../web-panel/src/lib/format.ts';

const LA = { locale: 'en-US', timezone: 'America/Los_Angeles' };
const NY = { locale: 'en-US', timezone: 'America/New_York' };

describe('durations in words, never raw hours', () => {
  test.each([
    [0.2, 'less than a minute'],
    [1, '1 minute'],
    [30, '30 minutes'],
    [42, '42 minutes'],
    [60, '1 hour'],
    [90, '1 hour 30 minutes'],
    [1440, '1 day'],
    [2 * 1440 + 180, '2 days 3 hours'],
    [30 * 1440, '30 days'],
  ])('%s minutes: "%s"', (minutes, words) => expect(durationInWords(minutes)).toBe(words));

  test.each([
    [0.7, '42 minutes'],
    [0.5, '30 minutes'],
    [24, '1 day'],
    [120, '5 days'],
    [720, '30 days'],
  ])('%s hours: "%s"', (hours, words) => expect(hoursInWords(hours)).toBe(words));
});

describe('times in the brand’s time zone, labelled, never ISO', () => {
  test.each([
    ['2026-11-27T18:36:44.954Z', LA, 'Nov 27, 10:36 AM PST'],
    ['2026-11-27T18:36:44.954Z', NY, 'Nov 27, 1:36 PM EST'],
    ['2026-07-04T16:00:00Z', LA, 'Jul 4, 9:00 AM PDT'],
  ])('%s in %o: "%s"', (iso, where, words) => expect(formatDateTime(iso, where)).toBe(words));

  test('a time alone, a day alone, and whether two instants share a day there', () => {
    expect(formatTime('2026-11-24T22:05:00Z', LA)).toBe('2:05 PM PST');
    expect(formatDay('2020-12-14T12:00:00Z', LA)).toBe('Dec 14, 2020');
    expect(formatDay(new Date(), LA)).not.toMatch(/\d{4}/);
    // 07:30 UTC is the evening before in Los Angeles, the same morning in UTC.
    expect(sameDay('2026-11-25T07:30:00Z', '2026-11-24T20:00:00Z', 'America/Los_Angeles')).toBe(true);
    expect(sameDay('2026-11-25T07:30:00Z', '2026-11-24T20:00:00Z', 'UTC')).toBe(false);
    expect(formatDateTime('not a time', LA)).toBe('—');
  });

  test.each([
    ['America/Los_Angeles', 'Pacific Time'],
    ['America/New_York', 'Eastern Time'],
    ['Europe/Berlin', 'Central European Time'],
  ])('the time zone %s is named "%s"', (zone, name) => expect(timezoneName(zone)).toBe(name));
});

describe('money with its currency symbol, shares as percentages', () => {
  test.each([
    ['134.10', 'USD', '$134.10'],
    ['6180', 'USD', '$6,180.00'],
    ['20', 'EUR', '€20.00'],
    [null, 'USD', '—'],
  ])('%s %s: "%s"', (value, currency, words) => expect(formatAmount(value, currency)).toBe(words));

  test('in the brand’s locale and currency', () => {
    expect(formatMoney('9.5', { locale: 'en-US', currency: 'USD' })).toBe('$9.50');
    expect(formatPercent(0.236, { locale: 'en-US' })).toBe('23.6%');
  });
});

describe('states as words, never snake_case', () => {
  test.each([
    ['pending_setup', {}, 'Pending setup'],
    ['filtered_out', {}, 'Filtered out'],
    ['manual_intervention', { manual_intervention: 'Waiting for our team' }, 'Waiting for our team'],
    ['complete', {}, 'Complete'],
    [null, {}, '—'],
  ])('%s: "%s"', (value, words, expected) => expect(stateInWords(value, words)).toBe(expected));
});

describe('a sign-in’s browser in words', () => {
  test.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Windows'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome (headless) on Linux',
    ],
    ['curl/8.5.0', 'curl'],
    ['Mozilla/5.0 (X11; Linux x86_64) SomethingNew/1.0', 'A browser on Linux'],
    [null, 'An unknown browser'],
    ['', 'An unknown browser'],
  ])('%s: "%s"', (agent, words) => expect(deviceInWords(agent)).toBe(words));
});

test('a shopper’s phone is masked', () => {
  expect(maskPhone('+14155550123')).toBe('+1415***0123');
});

describe('figures that agree: one state word, rates that say what they divide by', () => {
  test.each([
    ['active', 'Active'],
    ['paused', 'Paused'],
    ['draft', 'Draft'],
  ])('a workflow in state %s reads %s', (state, word) => expect(workflowStateWord(state)).toBe(word));

  test.each([
    [0.2887, 'started', '28.9% of started'],
    [0.236, 'texts sent', '23.6% of texts sent'],
    [0.5, null, '50%'],
    [null, 'started', ''],
  ])('rate %s over %s reads "%s"', (rate, of, text) => expect(formatRateOf(rate, of, { locale: 'en-US' })).toBe(text));

  test("a step's tooltip: its definition and what its percentage divides by", () => {
    const clicked = { label: 'Clicked', definition: 'Of those started, conversations whose short link was visited.' };
    expect(stepTip({ ...clicked, rate_of: 'started' })).toBe(
      'Of those started, conversations whose short link was visited. The percentage is clicked ÷ started.',
    );
    expect(stepTip({ ...clicked, rate_of: null })).toBe(clicked.definition);
  });
});
