import { describe, expect, it } from 'vitest';
import {
  helpScreen,
  KEYS,
  percent,
  problemSegments,
  problemsOf,
  took,
  workerState,
  wrapLines,
  wrapText,
  type ProblemFacts,
} from '../../src/tui/index.ts';

const NOW = new Date('2026-11-20T14:20:30Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

const HEALTHY: ProblemFacts = {
  failedJobs: 0,
  deadWebhooks: 0,
  stuckWebhooks: 0,
  runningWorkers: 1,
  silentWorkers: 0,
  queuedJobs: 3,
  tenDlcWaiting: 0,
  providerFailures: 0,
  oldestDueJobAt: null,
};

describe('the problem rules', () => {
  it.each<[string, Partial<ProblemFacts>, Array<[string, string]>]>([
    ['nothing wrong', {}, []],
    ['a job failed for good', { failedJobs: 1 }, [['bad', '1 failed job']]],
    ['jobs failed for good', { failedJobs: 4 }, [['bad', '4 failed jobs']]],
    ['a dead-lettered webhook', { deadWebhooks: 1 }, [['bad', '1 dead-lettered webhook']]],
    ['stuck webhooks', { stuckWebhooks: 2 }, [['warn', '2 stuck webhooks']]],
    [
      'a silent worker and none running',
      { runningWorkers: 0, silentWorkers: 1 },
      [
        ['bad', 'no worker running'],
        ['bad', '1 silent worker'],
      ],
    ],
    ['no worker and jobs waiting', { runningWorkers: 0 }, [['bad', 'no worker running']]],
    ['no worker and nothing queued', { runningWorkers: 0, queuedJobs: 0 }, []],
    ['a silent worker beside a running one', { silentWorkers: 1 }, [['bad', '1 silent worker']]],
    ['10DLC waiting for an operator', { tenDlcWaiting: 2 }, [['warn', '2 10DLC registrations waiting']]],
    ['one text failed at the provider', { providerFailures: 1 }, [['warn', '1 text failed at the provider (1h)']]],
    ['a due job waiting 59 s', { oldestDueJobAt: ago(59) }, []],
    ['a due job waiting 2 minutes', { oldestDueJobAt: ago(120) }, [['warn', 'oldest queued job 2m']]],
    ['a due job waiting 5 minutes', { oldestDueJobAt: ago(300) }, [['bad', 'oldest queued job 5m']]],
    [
      'bad ones first, in the order of the rules',
      { stuckWebhooks: 1, tenDlcWaiting: 1, deadWebhooks: 3, failedJobs: 2 },
      [
        ['bad', '2 failed jobs'],
        ['bad', '3 dead-lettered webhooks'],
        ['warn', '1 stuck webhook'],
        ['warn', '1 10DLC registration waiting'],
      ],
    ],
  ])('%s', (_name, facts, expected) => {
    expect(problemsOf({ ...HEALTHY, ...facts }, NOW).map((p) => [p.severity, p.text])).toEqual(expected);
  });

  it('counts are the facts', () => {
    const [failed, dead] = problemsOf({ ...HEALTHY, failedJobs: 7, deadWebhooks: 2 }, NOW);
    expect([failed!.count, dead!.count]).toEqual([7, 2]);
  });
});

describe('the problems line', () => {
  const problems = problemsOf(
    { ...HEALTHY, failedJobs: 2, deadWebhooks: 1, stuckWebhooks: 3, tenDlcWaiting: 1, providerFailures: 12 },
    NOW,
  );
  const text = (width: number) =>
    problemSegments(problems, width)
      .map((s) => s.text)
      .join('');

  it('none: a green "No problems"', () =>
    expect(problemSegments([], 80)).toEqual([{ text: '✓ No problems', tone: 'good' }]));

  it.each([
    [
      200,
      '✗ 2 failed jobs · ✗ 1 dead-lettered webhook · ! 3 stuck webhooks · ! 1 10DLC registration waiting · ! 12 texts failed at the provider (1h)',
    ],
    [80, '✗ 2 failed jobs · ✗ 1 dead-lettered webhook · ! 3 stuck webhooks · +2 more'],
    [40, '✗ 2 failed jobs · +4 more'],
    [20, '✗ 2 failed jobs +4'],
    [10, '✗ 2 fa… +4'],
  ])('at %i columns: %s', (width, expected) => {
    expect(text(width)).toBe(expected);
    expect(text(width).length).toBeLessThanOrEqual(width);
  });

  it('each problem is coloured by its severity', () => {
    const segments = problemSegments(problems, 200).filter((s) => s.tone !== 'dim');
    expect(segments.map((s) => s.tone)).toEqual(['bad', 'bad', 'warn', 'warn', 'warn']);
  });
});

describe('wrapping the thread and detail views', () => {
  it.each<[string, string, number, string[]]>([
    ['a short line stays', 'Hi Ivy', 20, ['Hi Ivy']],
    [
      'words move to the next line, which hangs two columns in',
      '2026-11-20 14:20 > sent: Hi Ivy, your cart is waiting',
      24,
      ['2026-11-20 14:20 > sent:', '  Hi Ivy, your cart is', '  waiting'],
    ],
    [
      'an indented line keeps its indentation',
      '    error: the provider refused the number',
      20,
      ['    error: the', '      provider', '      refused the', '      number'],
    ],
    [
      'a word longer than the line is split',
      'https://northwind.example.com/cart/abcdefghij',
      16,
      ['https://northwin', '  d.example.com/', '  cart/abcdefghi', '  j'],
    ],
    ['runs of spaces between words become one', 'a    b     c', 3, ['a b', '  c']],
  ])('%s', (_name, text, width, expected) => {
    const lines = wrapText(text, width);
    expect(lines).toEqual(expected);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(width);
  });

  it('no word is lost', () => {
    const text = 'Your order from Northwind Outfitters shipped today; reply STOP to opt out of texts.';
    // Wide enough for the longest word on a hanging line.
    for (const width of [12, 13, 21, 34, 80])
      expect(wrapText(text, width).join(' ').split(/\s+/).filter(Boolean)).toEqual(text.split(' '));
  });

  it('wrapped lines keep their tone; only the first keeps the item', () => {
    const item = { kind: 'detail' as const, title: 't', detail: [] };
    const out = wrapLines([{ text: 'one two three four', tone: 'bad', item }], 9);
    expect(out.map((l) => [l.text, l.tone, l.item === item])).toEqual([
      ['one two', 'bad', true],
      ['  three', 'bad', false],
      ['  four', 'bad', false],
    ]);
  });
});

describe('cells of the System and Sending panes', () => {
  it.each([
    [850, '850ms'],
    [3240, '3.2s'],
    [125_000, '2m'],
  ])('a run of %i ms took %s', (ms, text) => expect(took(ms)).toBe(text));

  it.each([
    [97, 100, '97%'],
    [199, 200, '99%'],
    [0, 0, '-'],
    [3, 0, '-'],
  ])('%i of %i is %s', (part, whole, text) => expect(percent(part, whole)).toBe(text));

  it.each<[string, { stopped_at: Date | null; released_at: Date | null; heartbeat_at: Date }, string]>([
    ['beating', { stopped_at: null, released_at: null, heartbeat_at: ago(30) }, 'running'],
    ['silent past the threshold', { stopped_at: null, released_at: null, heartbeat_at: ago(121) }, 'silent'],
    ['stopped cleanly', { stopped_at: ago(5), released_at: null, heartbeat_at: ago(500) }, 'stopped'],
    ['released as dead', { stopped_at: null, released_at: ago(5), heartbeat_at: ago(500) }, 'released'],
  ])('a worker %s', (_name, row, state) => {
    expect(workerState({ worker_id: 'w', hostname: 'h', pid: 1, ...row }, NOW, 120)).toBe(state);
  });
});

describe('? lists every key', () => {
  it('every binding and the keys of threads, questions and typing', () => {
    const screen = helpScreen().join('\n');
    for (const binding of KEYS) expect(screen).toContain(`${binding.keys.padEnd(11)} ${binding.label}`);
    for (const text of ['retry failed job', 'appeal a rejected 10DLC campaign', 'pgdn/pgup', 'y / n', 'esc'])
      expect(screen).toContain(text);
  });
});
