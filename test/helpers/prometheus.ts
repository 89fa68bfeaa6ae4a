/**
 * A strict parser of the Prometheus text exposition format (0.0.4), for tests of `GET /metrics`:
 * it throws on anything a Prometheus server would refuse or misread. Checked: the line grammar
 * (names, labels, escapes, values, optional timestamps), one HELP and one TYPE per family and TYPE
 * before its samples, a family's samples together, no series twice, the suffixes a type allows
 * (_bucket with `le`, _sum, _count for histograms), and histogram buckets cumulative and ending in
 * +Inf equal to _count.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  /** The sample's own name (a histogram's `_bucket`, `_sum`, `_count` included). */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: MetricType;
  help?: string;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function parseValue(text: string, line: number): number {
  if (text === '+Inf' || text === 'Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  if (text === 'NaN') return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text))
    throw new Error(`line ${line}: bad value ${JSON.stringify(text)}`);
  return Number(text);
}

/** `{a="x",b="y"}` from position `at` of `text`; returns the labels and the position after `}`. */
function parseLabels(text: string, at: number, line: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = at + 1;
  const fail = (why: string): never => {
    throw new Error(`line ${line}: ${why} in ${JSON.stringify(text)}`);
  };
  while (i < text.length && text[i] !== '}') {
    const eq = text.indexOf('=', i);
    if (eq < 0) fail('a label without =');
    const name = text.slice(i, eq);
    if (!LABEL_NAME.test(name)) fail(`bad label name ${JSON.stringify(name)}`);
    if (name in labels) fail(`label ${name} twice`);
    if (text[eq + 1] !== '"') fail('a label value without quotes');
    let value = '';
    let j = eq + 2;
    for (;;) {
      if (j >= text.length) fail('an unterminated label value');
      const c = text[j]!;
      if (c === '\\') {
        const next = text[j + 1];
        if (next === '\\') value += '\\';
        else if (next === '"') value += '"';
        else if (next === 'n') value += '\n';
        else fail(`bad escape \\${next}`);
        j += 2;
      } else if (c === '"') break;
      else if (c === '\n') fail('a raw line break in a label value');
      else {
        value += c;
        j += 1;
      }
    }
    labels[name] = value;
    i = j + 1;
    if (text[i] === ',') i += 1;
    else if (text[i] !== '}') fail('labels not separated by commas');
  }
  if (text[i] !== '}') fail('unterminated labels');
  return { labels, end: i + 1 };
}

/** The family a sample belongs to: a histogram's or summary's suffixed names go to their base name. */
function familyOf(name: string, families: Map<string, Family>): { family: string; suffix: string } {
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!name.endsWith(suffix)) continue;
    const base = name.slice(0, -suffix.length);
    const type = families.get(base)?.type;
    if (type === 'histogram' || (type === 'summary' && suffix !== '_bucket')) return { family: base, suffix };
  }
  return { family: name, suffix: '' };
}

const seriesKey = (name: string, labels: Record<string, string>): string =>
  `${name}{${Object.keys(labels)
    .sort()
    .map((k) => `${k}=${JSON.stringify(labels[k])}`)
    .join(',')}}`;

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  const closed = new Set<string>();
  let current: string | undefined;
  const lines = text.split('\n');
  if (lines.at(-1) !== '') throw new Error('the text must end with a line break');
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    if (raw.startsWith('#')) {
      const match = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(raw);
      if (!match) return; // a plain comment
      const [, kind, name, rest = ''] = match;
      if (!METRIC_NAME.test(name!)) throw new Error(`line ${line}: bad metric name ${name}`);
      const family = families.get(name!) ?? { name: name!, type: 'untyped' as MetricType, samples: [] };
      if (kind === 'TYPE') {
        if (!TYPES.has(rest as MetricType)) throw new Error(`line ${line}: unknown type ${rest}`);
        if ((family as Family & { typed?: boolean }).typed) throw new Error(`line ${line}: TYPE of ${name} twice`);
        if (family.samples.length > 0) throw new Error(`line ${line}: TYPE of ${name} after its samples`);
        family.type = rest as MetricType;
        (family as Family & { typed?: boolean }).typed = true;
      } else {
        if (family.help !== undefined) throw new Error(`line ${line}: HELP of ${name} twice`);
        family.help = rest;
      }
      families.set(name!, family);
      return;
    }
    const nameMatch = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(raw);
    if (!nameMatch) throw new Error(`line ${line}: no metric name in ${JSON.stringify(raw)}`);
    const name = nameMatch[0];
    let rest = raw.slice(name.length);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) {
      const parsed = parseLabels(rest, 0, line);
      labels = parsed.labels;
      rest = rest.slice(parsed.end);
    }
    const fields = rest.trim().split(/ +/);
    if (!rest.startsWith(' ') || fields.length < 1 || fields.length > 2)
      throw new Error(`line ${line}: expected "name{labels} value [timestamp]" in ${JSON.stringify(raw)}`);
    const value = parseValue(fields[0]!, line);
    if (fields[1] !== undefined && !/^-?\d+$/.test(fields[1])) throw new Error(`line ${line}: bad timestamp`);
    const { family: familyName, suffix } = familyOf(name, families);
    const family = families.get(familyName) ?? { name: familyName, type: 'untyped' as MetricType, samples: [] };
    families.set(familyName, family);
    if (family.type === 'histogram' && suffix === '')
      throw new Error(`line ${line}: histogram ${familyName} sample without a suffix`);
    if (family.type === 'histogram' && suffix === '_bucket' && !('le' in labels))
      throw new Error(`line ${line}: bucket without le`);
    if (family.type === 'counter' && value < 0) throw new Error(`line ${line}: negative counter`);
    if (current !== familyName) {
      if (closed.has(familyName)) throw new Error(`line ${line}: samples of ${familyName} are not together`);
      if (current) closed.add(current);
      current = familyName;
    }
    const key = seriesKey(name, labels);
    if (seen.has(key)) throw new Error(`line ${line}: series ${key} twice`);
    seen.add(key);
    family.samples.push({ name, labels, value });
  });
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

/** Buckets cumulative by `le`, ending in +Inf, which equals _count, for each label set. */
function checkHistogram(family: Family): void {
  const groups = new Map<string, { buckets: Array<[number, number]>; count?: number; sum?: number }>();
  for (const s of family.samples) {
    const { le, ...rest } = s.labels;
    const key = seriesKey('', rest);
    const group = groups.get(key) ?? { buckets: [] };
    groups.set(key, group);
    if (s.name.endsWith('_bucket')) group.buckets.push([parseValue(le!, 0), s.value]);
    else if (s.name.endsWith('_count')) group.count = s.value;
    else group.sum = s.value;
  }
  for (const [key, group] of groups) {
    const where = `${family.name}${key}`;
    if (group.count === undefined || group.sum === undefined) throw new Error(`${where}: no _count or _sum`);
    const sorted = [...group.buckets].sort((a, b) => a[0] - b[0]);
    if (sorted.at(-1)?.[0] !== Number.POSITIVE_INFINITY) throw new Error(`${where}: no +Inf bucket`);
    sorted.forEach(([, v], i) => {
      if (i > 0 && v < sorted[i - 1]![1]) throw new Error(`${where}: buckets not cumulative`);
    });
    if (sorted.at(-1)![1] !== group.count) throw new Error(`${where}: +Inf bucket is not _count`);
  }
}

/** The value of the one sample of `name` with exactly these labels (undefined when none). */
export function valueOf(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const want = seriesKey(name, labels);
  for (const family of families.values())
    for (const s of family.samples) if (seriesKey(s.name, s.labels) === want) return s.value;
  return undefined;
}
