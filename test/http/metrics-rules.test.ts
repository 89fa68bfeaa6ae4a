import { describe, expect, it } from 'vitest';
import { bearerMatches, forbiddenNames, metricLabel, routeLabel, sumByLabel } from '../../src/http/index.ts';

describe('metric label values are codes, never personal data', () => {
  it.each<[string | null | undefined, string]>([
    ['EC_ABSENT_SUBSCRIBER', 'ec_absent_subscriber'],
    ['quiet_hours', 'quiet_hours'],
    ['sms_keyword', 'sms_keyword'],
    ['Rate Limited', 'other'],
    ['Northwind Outfitters import', 'other'],
    ['workflows:run-candidates', 'workflows:run-candidates'],
    ['', 'unknown'],
    [null, 'unknown'],
    ['+14155550100', 'other'],
    ['14155550100', 'other'],
    ['number 4155550100 is not valid', 'other'],
    ['ivy@example.com', 'other'],
    ['Northwind Outfitters’ number refused', 'other'],
    ['https://northwind.example.com/cart', 'other'],
    ['a'.repeat(49), 'other'],
    ['http_503', 'http_503'],
  ])('%j becomes %j', (value, label) => expect(metricLabel(value)).toBe(label));

  it("a code that contains a brand's name or one of its words is not a label", () => {
    const forbidden = forbiddenNames(['Northwind Outfitters', 'Harbor & Pine Goods', 'Acme']);
    expect(forbidden).toEqual(
      expect.arrayContaining(['northwind_outfitters', 'northwind', 'outfitters', 'harbor', 'pine', 'goods', 'acme']),
    );
    expect(metricLabel('northwind_import', forbidden)).toBe('other');
    expect(metricLabel('harbor', forbidden)).toBe('other');
    expect(metricLabel('sms_keyword:STOP', forbidden)).toBe('sms_keyword:stop');
    expect(metricLabel('ec_absent_subscriber', forbidden)).toBe('ec_absent_subscriber');
  });

  it('the route label is the pattern, else "unmatched"', () => {
    expect(routeLabel('/api/brands/:brandId/contacts/:id')).toBe('/api/brands/:brandId/contacts/:id');
    expect(routeLabel(undefined)).toBe('unmatched');
  });

  it('samples whose labels became one add up', () => {
    expect(
      sumByLabel([
        { label: 'other', count: 2 },
        { label: 'ec_absent_subscriber', count: 1 },
        { label: 'other', count: 3 },
      ]),
    ).toEqual([
      { label: 'ec_absent_subscriber', count: 1 },
      { label: 'other', count: 5 },
    ]);
  });

  it.each<[string | undefined, boolean]>([
    ['Bearer metrics-token-0123456789', true],
    ['bearer metrics-token-0123456789', true],
    ['Bearer metrics-token-012345678', false],
    ['Bearer metrics-token-01234567890', false],
    ['Basic metrics-token-0123456789', false],
    ['metrics-token-0123456789', false],
    [undefined, false],
  ])('Authorization %j is %s', (header, ok) => expect(bearerMatches(header, 'metrics-token-0123456789')).toBe(ok));
});
