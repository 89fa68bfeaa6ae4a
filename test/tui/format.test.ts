import { describe, expect, it } from 'vitest';
import { nextRunOf } from '../../src/jobs/index.ts';
import { age, clock, columnWidths, filterLines, fit, money, until, windowOf } from '../../src/tui/index.ts';

const NOW = new Date('2026-11-20T14:20:30Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

describe('cells of the dashboard', () => {
  it.each([
    [5, '5s'],
    [59, '59s'],
    [60, '1m'],
    [3599, '59m'],
    [3600, '1h'],
    [86_399, '23h'],
    [86_400, '1d'],
    [-10, 'now'],
  ])('age of %i s is %s', (seconds, text) => expect(age(ago(seconds), NOW)).toBe(text));

  it('until, clock and money', () => {
    expect(until(ago(-300), NOW)).toBe('in 5m');
    expect(until(ago(10), NOW)).toBe('due');
    expect(clock(ago(60), NOW)).toBe('14:19');
    expect(clock(ago(86_400), NOW)).toBe('11-19 14:20');
    expect(money('1234.5', 'USD')).toBe('$1,234.50');
    expect(money('20', 'EUR')).toBe('20.00 EUR');
    expect(money(null)).toBe('-');
  });

  it('fit cuts with an ellipsis and pads to the width', () => {
    expect(fit('Northwind Outfitters', 10)).toBe('Northwind…');
    expect(fit('abc', 5)).toBe('abc  ');
    expect(fit('42', 5, 'right')).toBe('   42');
  });

  it('flexible columns share the room by weight; fixed columns are dropped from the right when it is short', () => {
    const columns = [
      { title: 'a', width: 10, flex: 1 },
      { title: 'b', width: 5 },
      { title: 'c', width: 10, flex: 3 },
    ];
    expect(columnWidths(columns, 27)).toEqual([10, 5, 10]);
    expect(columnWidths(columns, 47)).toEqual([15, 5, 25]);
    expect(
      columnWidths(
        [
          { title: 'a', width: 10, flex: 1 },
          { title: 'b', width: 20 },
        ],
        20,
      ),
    ).toEqual([20, 0]);
  });
});

describe('the window onto a pane', () => {
  const lines = [
    { text: 'title' },
    { text: 'Northwind row', item: { kind: 'detail' as const, title: 'n', detail: [] } },
    { text: '  attached', attached: true },
    { text: 'Harbor row', item: { kind: 'detail' as const, title: 'h', detail: [] } },
  ];

  it('the filter keeps matching rows, their attached lines and the titles', () => {
    expect(filterLines(lines, 'harbor').map((l) => l.text)).toEqual(['title', 'Harbor row']);
    expect(filterLines(lines, 'NORTH').map((l) => l.text)).toEqual(['title', 'Northwind row', '  attached']);
    expect(filterLines(lines, '')).toHaveLength(4);
  });

  it('the cursor selects items only, clamped, and the window keeps it in view', () => {
    expect(windowOf(lines, 0, 2)).toMatchObject({ selected: 1, cursor: 0, last: 1, offset: 0 });
    expect(windowOf(lines, 9, 2)).toMatchObject({ selected: 3, cursor: 1, offset: 2 });
    expect(windowOf([{ text: 'a' }, { text: 'b' }, { text: 'c' }], 5, 2)).toMatchObject({ selected: null, offset: 1 });
  });

  it('on the last item the window goes down as far as keeps it in view, so the lines after it show', () => {
    const item = { kind: 'detail' as const, title: 'i', detail: [] };
    const long = [
      ...Array.from({ length: 6 }, (_, i) => ({ text: `row ${i}`, item })),
      { text: 'after 1' },
      { text: 'after 2' },
    ];
    expect(windowOf(long, 4, 4)).toMatchObject({ selected: 4, offset: 2 });
    expect(windowOf(long, 5, 4)).toMatchObject({ selected: 5, offset: 4 });
  });
});

describe('next run of a schedule (crontab pattern, UTC)', () => {
  it.each([
    ['* * * * *', '2026-11-20T14:21:00.000Z'],
    ['0 * * * *', '2026-11-20T15:00:00.000Z'],
    ['*/10 * * * *', '2026-11-20T14:30:00.000Z'],
    ['0 3 * * *', '2026-11-21T03:00:00.000Z'],
  ])('%s after 14:20:30 is %s', (pattern, next) => expect(nextRunOf(pattern, NOW)?.toISOString()).toBe(next));

  it('a pattern cron refuses has no next run', () => expect(nextRunOf('not a pattern', NOW)).toBeNull());
});
