/**
 * Pure rules of ad generation: limits, the dimensions flag, robots.txt, colours and contrast, the
 * tone of voice, and fitting a text into a box. No I/O.
 */
import { AppError } from '../app/index.ts';

/** Concepts per ad: default 3, at most 10. */
export const DEFAULT_CONCEPTS = 3;
export const MAX_CONCEPTS = 10;
/** Images are square 1024 unless asked otherwise; each side from 256 to 2048 pixels. */
export const DEFAULT_DIMENSIONS = { width: 1024, height: 1024 } as const;
export const MIN_SIDE = 256;
export const MAX_SIDE = 2048;
/** Polite reading of a brand's website. */
export const MAX_PAGES = 5;
export const PAGE_TIMEOUT_MS = 8_000;
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;
export const MAX_ASSET_BYTES = 5 * 1024 * 1024;
export const MAX_CRAWL_DELAY_MS = 2_000;
/** The robots.txt token Reclaim obeys (groups for `reclaim-ads` win over `*`). */
export const ROBOTS_TOKEN = 'reclaim-ads';
/** Below this many characters of page text a site has nothing to build ads from. */
export const MIN_USABLE_TEXT = 40;
/** The automation service's ad generator: how long to wait for its images. */
export const REMOTE_DEADLINE_MS = 5 * 60_000;
export const REMOTE_FIRST_POLL_MS = 1_000;
export const REMOTE_MAX_POLL_MS = 10_000;

export interface Dimensions {
  width: number;
  height: number;
}

/** `1024x1024` (also `1080X1350`, `1200×628`) as pixels; a clear error otherwise. */
export function parseDimensions(value: string | undefined): Dimensions {
  if (value === undefined) return { ...DEFAULT_DIMENSIONS };
  const match = /^\s*(\d{2,5})\s*[x×X]\s*(\d{2,5})\s*$/.exec(value);
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  if (!match || [width, height].some((side) => side < MIN_SIDE || side > MAX_SIDE))
    throw new AppError(
      'invalid_input',
      `The size must be WIDTHxHEIGHT with each side from ${MIN_SIDE} to ${MAX_SIDE} pixels (got "${value}")`,
      {
        code: 'invalid_dimensions',
        cliMessage: `--dimensions must be WIDTHxHEIGHT with each side from ${MIN_SIDE} to ${MAX_SIDE} pixels (got "${value}")`,
      },
    );
  return { width, height };
}

export const formatDimensions = ({ width, height }: Dimensions): string => `${width}x${height}`;

// ---------------------------------------------------------------- robots.txt

interface RobotsRule {
  allow: boolean;
  pattern: string;
}
export interface Robots {
  rules: RobotsRule[];
  crawlDelayMs: number;
}

/**
 * The rules of robots.txt (RFC 9309) that apply to `token`: the groups naming it, else the `*`
 * groups. Crawl-delay is kept (in ms) although the RFC leaves it out.
 */
export function parseRobots(text: string, token = ROBOTS_TOKEN): Robots {
  type Group = { agents: string[]; rules: RobotsRule[]; delay?: number };
  const groups: Group[] = [];
  let current: Group | undefined;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue;
    if ((key === 'allow' || key === 'disallow') && value !== '')
      current.rules.push({ allow: key === 'allow', pattern: value });
    if (key === 'crawl-delay' && Number.isFinite(Number(value))) current.delay = Number(value) * 1000;
  }
  const named = groups.filter((g) => g.agents.some((agent) => agent !== '*' && token.toLowerCase().startsWith(agent)));
  const chosen = named.length > 0 ? named : groups.filter((g) => g.agents.includes('*'));
  const delays = chosen.map((g) => g.delay).filter((d): d is number => d !== undefined);
  return {
    rules: chosen.flatMap((g) => g.rules),
    crawlDelayMs: Math.min(MAX_CRAWL_DELAY_MS, delays.length > 0 ? Math.max(...delays) : 0),
  };
}

const patternRegex = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .replace(/[.+?^{}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\\\$$|\$$/, '$')}`,
  );

/** May `pathAndQuery` be read: the longest matching rule wins, allow on a tie; nothing matching allows. */
export function robotsAllows(robots: Robots, pathAndQuery: string): boolean {
  let best: RobotsRule | undefined;
  for (const rule of robots.rules) {
    if (!patternRegex(rule.pattern).test(pathAndQuery)) continue;
    if (
      !best ||
      rule.pattern.length > best.pattern.length ||
      (rule.pattern.length === best.pattern.length && rule.allow)
    )
      best = rule;
  }
  return best?.allow ?? true;
}

// ---------------------------------------------------------------- colours

export type Rgb = [number, number, number];

/** `#abc`, `#aabbcc`, `rgb(1, 2, 3)` as [r, g, b]; undefined otherwise. */
export function parseColour(value: string): Rgb | undefined {
  const v = value.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  if (short) return [short[1]!, short[2]!, short[3]!].map((h) => parseInt(h + h, 16)) as Rgb;
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})(?:[0-9a-f]{2})?$/.exec(v);
  if (long) return [long[1]!, long[2]!, long[3]!].map((h) => parseInt(h, 16)) as Rgb;
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/.exec(v);
  if (rgb) return [rgb[1]!, rgb[2]!, rgb[3]!].map((n) => Math.min(255, Number(n))) as Rgb;
  return undefined;
}

export const toHex = (rgb: Rgb): string => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance. */
export function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** How far a colour is from grey (0 grey, up to 255). */
export const saturation = ([r, g, b]: Rgb): number => Math.max(r, g, b) - Math.min(r, g, b);

/** WCAG AA for large text (the headline and the button); body text is set large enough to use it too. */
export const MIN_CONTRAST = 4.5;
export const INK: Rgb = [17, 17, 17];
export const PAPER: Rgb = [255, 255, 255];

/** Mixes `rgb` toward `to` by `t` (0 to 1). */
const mix = (rgb: Rgb, to: Rgb, t: number): Rgb => rgb.map((c, i) => c + (to[i]! - c) * t) as Rgb;

/**
 * A text colour for `background` with at least MIN_CONTRAST: ink or paper, whichever is higher;
 * when neither reaches it, the background itself is darkened (or lightened) step by step.
 */
export function readablePair(background: Rgb): { background: Rgb; text: Rgb; ratio: number } {
  let bg = background;
  for (let step = 0; step <= 10; step += 1) {
    const onInk = contrastRatio(bg, INK);
    const onPaper = contrastRatio(bg, PAPER);
    const text = onPaper >= onInk ? PAPER : INK;
    const ratio = Math.max(onInk, onPaper);
    if (ratio >= MIN_CONTRAST) return { background: bg, text, ratio };
    bg = mix(background, text === PAPER ? [0, 0, 0] : [255, 255, 255], (step + 1) / 10);
  }
  return { background: [0, 0, 0], text: PAPER, ratio: 21 };
}

/**
 * The brand's palette from counted colours (theme-color and named brand variables weigh more):
 * the most used saturated colour is the primary, the next different one the accent; greys only
 * when nothing else is there. Always two hex colours.
 */
export function pickPalette(weights: Map<string, number>): { primary: string; accent: string; colours: string[] } {
  const ranked = [...weights.entries()]
    .map(([hex, weight]) => ({ hex, weight, rgb: parseColour(hex) }))
    .filter((c): c is { hex: string; weight: number; rgb: Rgb } => c.rgb !== undefined)
    .sort((a, b) => b.weight - a.weight || a.hex.localeCompare(b.hex));
  const vivid = ranked.filter((c) => saturation(c.rgb) >= 40);
  const pool = vivid.length > 0 ? vivid : ranked;
  const primary = pool[0]?.rgb ?? ([32, 56, 100] as Rgb);
  const distinct = pool.find((c) => c !== pool[0] && distance(c.rgb, primary) > 80)?.rgb;
  const accent =
    distinct ?? (luminance(primary) > 0.4 ? mix(primary, [0, 0, 0], 0.55) : mix(primary, [255, 255, 255], 0.7));
  return { primary: toHex(primary), accent: toHex(accent), colours: ranked.slice(0, 6).map((c) => c.hex) };
}

const distance = (a: Rgb, b: Rgb): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

// ---------------------------------------------------------------- tone of voice

const TONE_WORDS: Record<string, string[]> = {
  playful: ['fun', 'love', 'awesome', 'yay', 'happy', 'oh', 'wow', 'cute', 'colorful', 'colourful', 'joy'],
  premium: ['luxury', 'premium', 'crafted', 'handcrafted', 'artisan', 'finest', 'exquisite', 'timeless', 'elegant'],
  conscious: ['sustainable', 'eco', 'organic', 'recycled', 'ethical', 'planet', 'natural', 'vegan', 'fair'],
  technical: ['performance', 'engineered', 'precision', 'technology', 'spec', 'specs', 'durable', 'tested'],
};

/** The tone of voice a text reads in: a label and the words that gave it away. */
export function toneOfVoice(text: string): { label: string; signals: string[] } {
  const words = text.toLowerCase().match(/[a-z']+/g) ?? [];
  const counts = new Map<string, string[]>();
  for (const [label, list] of Object.entries(TONE_WORDS))
    counts.set(
      label,
      [...new Set(words.filter((w) => list.includes(w)))].sort((a, b) => a.localeCompare(b)),
    );
  const exclamations = (text.match(/!/g) ?? []).length;
  const you = words.filter((w) => w === 'you' || w === 'your' || w === "you're").length;
  const best = [...counts.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))[0]!;
  if (best[1].length >= 2) return { label: best[0], signals: best[1] };
  if (exclamations >= 3) return { label: 'playful', signals: ['exclamation marks'] };
  if (words.length > 0 && you / words.length > 0.02) return { label: 'friendly', signals: ['speaks to "you"'] };
  return { label: 'straightforward', signals: [] };
}

// ---------------------------------------------------------------- text fitting

/** Average advance of a character in Inter, as a share of the font size (bold is a little wider). */
const CHAR_EM = { regular: 0.54, bold: 0.6 } as const;

/** Greedy word wrap with the estimated widths; a word longer than a line gets a line of its own. */
export function wrapLines(text: string, fontSize: number, maxWidth: number, weight: keyof typeof CHAR_EM): string[] {
  const perLine = Math.max(1, Math.floor(maxWidth / (fontSize * CHAR_EM[weight])));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The largest font size from `max` down to `min` at which `text` fits a box of `width` x `height`
 * (line height 1.15); at `min` the text is cut with an ellipsis to what fits.
 */
export function fitText(
  text: string,
  box: { width: number; height: number; max: number; min: number; weight: keyof typeof CHAR_EM },
): { fontSize: number; lines: string[] } {
  for (let size = box.max; size >= box.min; size -= 2) {
    const lines = wrapLines(text, size, box.width, box.weight);
    const widest = Math.max(...lines.map((l) => l.length)) * size * CHAR_EM[box.weight];
    if (lines.length * size * 1.15 <= box.height && widest <= box.width) return { fontSize: size, lines };
  }
  const lines = wrapLines(text, box.min, box.width, box.weight);
  const room = Math.max(1, Math.floor(box.height / (box.min * 1.15)));
  if (lines.length <= room) return { fontSize: box.min, lines };
  const kept = lines.slice(0, room);
  kept[room - 1] = `${kept[room - 1]!.replace(/[\s,.;:!?-]+$/, '')}…`;
  return { fontSize: box.min, lines: kept };
}

// ---------------------------------------------------------------- prices

const PRICE = /(?:([$€£])\s?(\d{1,5}(?:[.,]\d{2})?))|(?:(\d{1,5}(?:[.,]\d{2})?)\s?(USD|EUR|GBP|CAD|AUD))/;
const CURRENCY: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP' };

/** A price found in a text: "$24.00" -> { price: '24.00', currency: 'USD' }. */
export function findPrice(text: string): { price: string; currency: string } | undefined {
  const m = PRICE.exec(text);
  if (!m) return undefined;
  const amount = (m[2] ?? m[3]!).replace(',', '.');
  return { price: amount.includes('.') ? amount : `${amount}.00`, currency: m[1] ? CURRENCY[m[1]]! : m[4]! };
}
