/**
 * The grounding validator (pure): a model's answer may only state facts found in its sources (the
 * retrieved cards' text) or the conversation's cart (products, prices, its code and link). Every
 * number, price, percentage, date, code and URL of the answer is looked for in those texts; one that
 * is not there refuses the answer (the agent then escalates instead of sending it).
 */
export const FACT_KINDS = ['price', 'percentage', 'date', 'url', 'email', 'code', 'number'] as const;
export type FactKind = (typeof FACT_KINDS)[number];

export interface Fact {
  kind: FactKind;
  text: string;
}

export interface Validation {
  ok: boolean;
  /** The facts of the answer that are in no source. */
  invented: Fact[];
}

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const WEEKDAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const NUMBER_WORDS: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  fifteen: '15',
  twenty: '20',
  thirty: '30',
  forty: '40',
  fifty: '50',
  sixty: '60',
  ninety: '90',
  hundred: '100',
  half: '0.5',
  quarter: '0.25',
};

const PATTERNS: [FactKind, RegExp][] = [
  ['email', /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g],
  [
    'url',
    /\b(?:https?:\/\/|www\.)[^\s<>"]+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|co|io|shop|store|us|ca|uk|ly|example)(?:\/[^\s<>"]*)?/gi,
  ],
  ['price', /(?:[$€£]\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:dollars?|usd|bucks|cents?)\b)/gi],
  ['percentage', /\b\d+(?:\.\d+)?\s?(?:%|percent\b)/gi],
  [
    'date',
    new RegExp(
      `\\b(?:(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTHS})\\b|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}\\/\\d{1,2}(?:\\/\\d{2,4})?|${WEEKDAYS}|tomorrow|tonight)\\b`,
      'gi',
    ),
  ],
  // A code: a word of capitals and digits (SAVE10, WELCOME, NW-5K2) of 4 or more characters.
  ['code', /\b(?=[A-Z0-9-]*[A-Z])[A-Z][A-Z0-9-]{3,}\b/g],
  ['number', /\b\d[\d,]*(?:\.\d+)?\b/g],
];

/** The facts an answer states, each once, the most specific kind first (a price's number is not counted again). */
export function factsOf(answer: string): Fact[] {
  const facts: Fact[] = [];
  let rest = answer;
  for (const [kind, pattern] of PATTERNS) {
    rest = rest.replace(pattern, (match) => {
      const text = match.replace(/[.,;:!?)]+$/, '');
      if (kind === 'code' && /^[A-Z]+$/.test(text) && COMMON_CAPS.has(text)) return match;
      if (!facts.some((f) => f.kind === kind && f.text === text)) facts.push({ kind, text });
      return ' ';
    });
  }
  return facts;
}

/** Capitals that are words, not codes. */
const COMMON_CAPS = new Set([
  'HUMAN',
  'STOP',
  'HELP',
  'START',
  'UNSTOP',
  'FREE',
  'NOTE',
  'THANKS',
  'ASAP',
  'USPS',
  'UPS',
  'FEDEX',
  'DHL',
  'USA',
]);

/** Number words written as digits, the rest untouched ("five days" states 5 like "5 days"). */
export const wordsAsDigits = (text: string): string =>
  text.replace(/\b[A-Za-z]+\b/g, (w) => NUMBER_WORDS[w.toLowerCase()] ?? w);

/** Text with number words as digits, lower case, one space: what facts are looked for in. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/\b[a-z]+\b/g, (w) => NUMBER_WORDS[w] ?? w)
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/\s+/g, ' ');
}

/** Standalone numbers (not the digits inside a code such as NW-7KQ2). */
const numbersIn = (text: string): string[] =>
  (text.match(/(?<![A-Za-z\d])\d+(?:\.\d+)?(?![A-Za-z\d])/g) ?? []).map((n) => String(Number(n)));

/** Whether a fact of the answer is stated by the sources. */
function grounded(fact: Fact, sources: string, sourceNumbers: Set<string>): boolean {
  const text = normalise(fact.text);
  if (fact.kind === 'url' || fact.kind === 'email' || fact.kind === 'code' || fact.kind === 'date') {
    const bare = text.replace(/^https?:\/\//, '').replace(/\/$/, '');
    return sources.includes(bare);
  }
  // Prices, percentages, numbers (and a date's day): every number in it must be a number of the sources,
  // and a price or percentage must be one in the sources too (10% is not $10).
  const numbers = numbersIn(text);
  if (numbers.length === 0) return sources.includes(text);
  if (!numbers.every((n) => sourceNumbers.has(n))) return false;
  if (fact.kind === 'price')
    return numbers.every((n) =>
      new RegExp(`[$€£]\\s?${n.replace('.', '\\.')}\\b|\\b${n}(?:\\.00)?\\s?(?:dollars?|usd|bucks)`).test(
        sources.replace(/(\d)\.00\b/g, '$1'),
      ),
    );
  if (fact.kind === 'percentage')
    return numbers.every((n) => new RegExp(`\\b${n.replace('.', '\\.')}\\s?(?:%|percent)`).test(sources));
  return true;
}

/** Checks an answer against its sources (cards' titles and text, the cart's products, prices, code and link). */
export function validateAnswer(answer: string, sources: readonly string[]): Validation {
  const text = normalise(sources.join('\n'));
  const sourceNumbers = new Set(numbersIn(text));
  const invented = factsOf(wordsAsDigits(answer)).filter((fact) => !grounded(fact, text, sourceNumbers));
  return { ok: invented.length === 0, invented };
}
