/**
 * How a knowledge-base card accounts for a shopper's question (pure, no I/O), so that a shopper's
 * own wording finds the card and not only the words the card happens to use:
 * - each card is read by the message understanding (its title, each sentence, the whole) into the
 *   intents it answers (shipping-time, return-policy, size-fit…), once per card text (cached);
 * - the question's intents are the same model's probabilities (complaints and blockers left out:
 *   those escalate; shipping to a place abroad is shipping abroad), and a card's mass is the
 *   probability of its intents;
 * - each content word of the question is accounted for (accountFor): in the card (its stem, a
 *   synonym, the same word misspelled, run together, or the English of a Spanish word), a common
 *   word, a word shoppers use for the card's intent (vocabulary.json) or about anything, a place the
 *   card answers for — or not: a word for another intent, a word shoppers use otherwise, a word never
 *   seen, a place the card does not answer for.
 * matcher.ts decides from these whether the card can be the answer, and how likely.
 */
import { intentProbabilities, isGenericWord, knownIntents, understand } from '../insights/index.ts';
import vocabularyFile from './vocabulary.json' with { type: 'json' };
import { cardCoversPlace, countryOf, inEnglish, isCommonWord } from './words.ts';

/** A card answers an intent its title, one of its sentences or its whole text is read as, this sure. */
export const CARD_INTENT_CONFIDENCE = 0.35;
/** A word shoppers used in the texts of this many groups names none of them. */
export const GENERIC_GROUPS = 4;
/** A word shoppers used in at least this many texts of a group, and this share of its uses, names that group. */
export const NAMING_TEXTS = 3;
export const NAMING_SHARE = 0.3;

const vocabulary = (vocabularyFile as Vocabulary).words;
const negativeGroups = new Set((vocabularyFile as Vocabulary).negative);
const groupSizes = (vocabularyFile as Vocabulary).groups;

/** Whether a word names the intent: shoppers used it for that group (vocabulary.json), or the model weighs it for it. */
export function namesIntent(word: string, intent: string): boolean {
  const uses = vocabulary[wordStem(word)];
  if (uses) {
    const n = uses[intent] ?? 0;
    const all = Object.values(uses).reduce((a, b) => a + b, 0);
    if (n >= NAMING_TEXTS && n / all >= NAMING_SHARE) return true;
  }
  return false;
}

/** A word used in fewer than this share of an intent's texts is rare for it. */
export const RARE_SHARE = 0.05;

/** The share of the intent's labelled texts that use the word (vocabulary.json). */
export function intentShare(word: string, intent: string): number {
  const texts = groupSizes[intent] ?? 0;
  return texts === 0 ? 0 : (vocabulary[wordStem(word)]?.[intent] ?? 0) / texts;
}

/** Whether shoppers use the word about many things or in small talk (it needs no card to say it): "order", "week", "hey". */
export function isGeneric(word: string): boolean {
  const uses = vocabulary[wordStem(word)];
  const groups = uses ? Object.keys(uses).filter((g) => g !== 'small-talk').length : 0;
  // A word shoppers also use in small talk ("hey", "lol", "ever") is chatter, not what is asked.
  return groups >= GENERIC_GROUPS || Boolean(uses?.['small-talk']) || isGenericWord(word, GENERIC_WEIGHT);
}

/** A word shoppers use whose weight for every intent stays under this names none of them (it needs no card). */
export const GENERIC_WEIGHT = 0.5;
/** Two words are the same word misspelled from this character-trigram similarity on (both 4+ letters). */
export const TYPO_SIMILARITY = 0.5;

/**
 * Groups that are complaints or blockers (a late order, a code not working, a damaged item: their
 * labelled sentiment is negative) or small talk: never a card's answer by structure.
 */
const isComplaintIntent = (intent: string): boolean => {
  const group = knownIntents()[intent];
  return !group || group.tag === null || group.category === 'blocker' || negativeGroups.has(intent);
};

const CARD_CACHE_SIZE = 5_000;
const cardCache = new Map<string, CardReading>();

/** A card's intents, its words, and the topic of its whole text (title. content). */
export type CardReading = {
  intents: Set<string>;
  words: string[];
  topic: string | null;
  /** The stems (wordStem) of its words and of its title's words. */
  stems: Set<string>;
  titleStems: Set<string>;
};

export const sentencesOf = (text: string): string[] =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?;:])\s+/)
    .filter(Boolean);

export const wordsOf = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019`´]/g, "'")
    .split(/[^\p{L}\p{N}']+/u)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);

/** The intents a card answers, its words and its topic, read once per card text. */
export function cardReading(title: string, content: string): CardReading {
  const key = `${title}\u0000${content}`;
  const cached = cardCache.get(key);
  if (cached) return cached;
  const intents = new Set<string>();
  const whole = `${title}. ${content}`;
  let topic: string | null = null;
  for (const part of [title, whole, ...sentencesOf(content)]) {
    const r = understand(part);
    if (part === whole) topic = r.topic.value;
    if (r.topic.value === null) continue;
    if (r.topic.confidence * r.intent.confidence >= CARD_INTENT_CONFIDENCE && !isComplaintIntent(r.intent.value))
      intents.add(r.intent.value);
  }
  const words = [...new Set(wordsOf(`${title} ${content}`))];
  const titleStems = new Set(wordsOf(title).map(wordStem));
  const reading = { intents, words, topic, stems: new Set(words.map(wordStem)), titleStems };
  if (cardCache.size >= CARD_CACHE_SIZE) cardCache.clear();
  cardCache.set(key, reading);
  return reading;
}

const TRIGRAM_CACHE_SIZE = 20_000;
const trigramCache = new Map<string, Set<string>>();
/** A word's trigrams (padded as pg_trgm pads it), kept per word: the same card words are compared text after text. */
const trigrams = (word: string): Set<string> => {
  const cached = trigramCache.get(word);
  if (cached) return cached;
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) out.add(padded.slice(i, i + 3));
  if (trigramCache.size >= TRIGRAM_CACHE_SIZE) trigramCache.clear();
  trigramCache.set(word, out);
  return out;
};

/** pg_trgm's similarity, in process: shared trigrams over all trigrams of the two words. */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared += 1;
  return shared / (ta.size + tb.size - shared);
}

/** Optimal string alignment distance (one edit: a letter added, dropped, changed, or two swapped), capped at 2. */
export function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 1) return 2;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j += 1) d[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1)
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return Math.min(2, d[a.length]![b.length]!);
}

/**
 * The same word, perhaps misspelled: words of 4+ letters with a trigram similarity this high, or
 * words of 5+ letters one edit apart ("retrun", "shiping").
 */
export const sameWord = (a: string, b: string): boolean =>
  a === b ||
  (a.length >= 4 && b.length >= 4 && trigramSimilarity(a, b) >= TYPO_SIMILARITY) ||
  (a.length >= 5 && b.length >= 5 && a[0] === b[0] && editDistance(a, b) <= 1);

/** A content word of the question: the word as written and its English stem (PostgreSQL's). */
export interface QuestionWord {
  word: string;
  lexeme: string | null;
}

const SHIPPING_ABROAD = 'shipping-international';

/**
 * The intents of a question: the group model's probabilities, without the complaints and blockers
 * (those escalate); shipping time or cost to a place outside the US is shipping abroad.
 */
export function questionIntents(text: string, words: readonly QuestionWord[]): Record<string, number> {
  const p: Record<string, number> = {};
  for (const [intent, v] of Object.entries(intentProbabilities(text))) if (!isComplaintIntent(intent)) p[intent] = v;
  const abroad = words.some((w) => {
    const country = countryOf(w.word);
    return country !== null && country !== 'us';
  });
  if (abroad && SHIPPING_ABROAD in p)
    for (const moved of ['shipping-time', 'shipping-cost'])
      if (moved in p) {
        p[SHIPPING_ABROAD] += p[moved]!;
        p[moved] = 0;
      }
  return p;
}

/** How likely the question asks one of the card's intents: the sum of their probabilities. */
export const intentMass = (intents: Readonly<Record<string, number>>, cardIntents: ReadonlySet<string>): number =>
  [...cardIntents].reduce((sum, i) => sum + (intents[i] ?? 0), 0);

/** How the question's words are accounted for by one card (counts of words). */
export interface WordAccount {
  /** In the card: its stem, a synonym, the same word misspelled, the Spanish word's English. */
  found: number;
  /** In the card's title. */
  titled: number;
  /** Function words and fillers ("usually", "stuff"). */
  common: number;
  /** Words shoppers use for one of the card's intents ("arrive" for shipping time)… */
  names: number;
  /** …of which words few of that intent's texts use (an aspect the card may not answer: "wide" feet). */
  namesRare: number;
  /** Words that name an intent the card does not answer ("color"). */
  namesOther: number;
  /** Words shoppers use about anything ("order", "week"). */
  generic: number;
  /** Other words shoppers use (in the labelled texts or the model), not explained here. */
  known: number;
  /** Words never seen in a shopper's text: a name, a detail of the shopper's own. */
  unknown: number;
  /** Places the card answers for (its country, or "other countries"), and places it does not. */
  places: number;
  placesMissed: number;
  /** All content words. */
  words: number;
  /** The words found in the card, and those explained only by naming its intent or being generic. */
  foundWords: string[];
  explainedWords: string[];
  /** The words nothing explains here. */
  unexplainedWords: string[];
}

/** Accounts for each content word of the question against the card (pure). */
export function accountFor(
  words: readonly QuestionWord[],
  card: { title: string; content: string },
  inCard: (w: QuestionWord) => boolean,
): WordAccount {
  const reading = cardReading(card.title, card.content);
  const cardWords = new Set(reading.words);
  const { stems, titleStems } = reading;
  const a: WordAccount = {
    found: 0,
    titled: 0,
    common: 0,
    names: 0,
    namesRare: 0,
    namesOther: 0,
    generic: 0,
    known: 0,
    unknown: 0,
    places: 0,
    placesMissed: 0,
    words: words.length,
    foundWords: [],
    explainedWords: [],
    unexplainedWords: [],
  };
  for (const w of words) {
    const en = inEnglish(w.word);
    if (countryOf(w.word) !== null) {
      if (cardCoversPlace(w.word, cardWords)) a.places += 1;
      else {
        a.placesMissed += 1;
        a.unexplainedWords.push(w.word);
      }
    } else if (
      inCard(w) ||
      stems.has(wordStem(en)) ||
      reading.words.some((c) => sameWord(en, c)) ||
      (isUnseen(en) && reading.words.some((c) => isTypoOf(en, c))) ||
      isCompoundOf(w.word, cardWords)
    ) {
      a.found += 1;
      a.foundWords.push(w.word);
      if (titleStems.has(wordStem(en))) a.titled += 1;
    } else if (isCommonWord(w.word) || (/^\d+([.,]\d+)?$/.test(w.word) && /\d/.test(card.content))) a.common += 1;
    else if ([...reading.intents].some((i) => namesIntent(en, i))) {
      a.names += 1;
      a.explainedWords.push(w.word);
      if (Math.max(...[...reading.intents].map((i) => intentShare(en, i))) < RARE_SHARE) a.namesRare += 1;
    } else if (Object.keys(knownIntents()).some((i) => namesIntent(en, i))) {
      // A word shoppers use for another intent ("color"), even one they use about many things.
      a.namesOther += 1;
      a.unexplainedWords.push(w.word);
    } else if (isGeneric(en)) {
      a.generic += 1;
      a.explainedWords.push(w.word);
    } else if (!isUnseen(en)) {
      a.known += 1;
      a.unexplainedWords.push(w.word);
    } else {
      a.unknown += 1;
      a.unexplainedWords.push(`${w.word}?`);
    }
  }
  return a;
}

/** A word no shopper text and no model feature has: a typo, a name, a detail of the shopper's own. */
export const isUnseen = (word: string): boolean => !vocabulary[wordStem(word)] && !isGenericWord(word, Infinity);

/** An unseen word one edit from a card's word (or its stem) of 4+ letters with the same first letter: "sze", "crds", "refnd". */
export const isTypoOf = (word: string, cardWord: string): boolean =>
  word.length >= 3 &&
  word[0] === cardWord[0] &&
  [cardWord, wordStem(cardWord)].some((c) => c.length >= 4 && editDistance(word, c) <= 1);

/** A word written as two of the card's words run together ("giftcard", "promocode"). */
export function isCompoundOf(word: string, cardWords: ReadonlySet<string>): boolean {
  for (let i = 3; i <= word.length - 3; i += 1)
    if (cardWords.has(word.slice(0, i)) && (cardWords.has(word.slice(i)) || cardWords.has(`${word.slice(i)}s`)))
      return true;
  return false;
}

/** A word's stem for the vocabulary: lower case, a plural or verb ending cut ("arrives", "emailed" → "arriv", "email"). */
export function wordStem(word: string): string {
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  const w = word
    .toLowerCase()
    .replace(/'s$/, '')
    .replace(/[^\p{L}\p{N}]/gu, '');
  const cut = w.replace(/(ing|ed|es|s|e|ly)$/, '');
  const stem = cut.length >= 3 ? cut : w;
  if (stemCache.size >= TRIGRAM_CACHE_SIZE) stemCache.clear();
  stemCache.set(word, stem);
  return stem;
}
const stemCache = new Map<string, string>();

/** The vocabulary file: per word stem, the number of texts of each group using it. */
export interface Vocabulary {
  about: string;
  /** The groups whose texts are negative (fixtures/insights/groups.json): complaints. */
  negative: string[];
  /** Per group, its number of texts. */
  groups: Record<string, number>;
  words: Record<string, Record<string, number>>;
}

/** The vocabulary of labelled shopper texts (scripts/agent-vocabulary.ts writes it to vocabulary.json). */
export function vocabularyOf(
  texts: readonly { text: string; group: string }[],
  groups: Record<string, { sentiment: string }>,
): Vocabulary {
  const words: Record<string, Record<string, number>> = {};
  const sizes: Record<string, number> = {};
  for (const t of texts) sizes[t.group] = (sizes[t.group] ?? 0) + 1;
  for (const t of texts)
    for (const stem of new Set(wordsOf(t.text).map(wordStem))) {
      if (/^\d+$/.test(stem)) continue;
      const groups = (words[stem] ??= {});
      groups[t.group] = (groups[t.group] ?? 0) + 1;
    }
  const sorted = Object.fromEntries(
    Object.keys(words)
      .sort()
      .map((w) => [w, Object.fromEntries(Object.entries(words[w]!).sort(([a], [b]) => a.localeCompare(b)))]),
  );
  return {
    about:
      'Word stems of the labelled shopper texts (development part of fixtures/insights) and the texts of each group using them. Do not edit: npm run vocabulary:agent.',
    negative: Object.keys(groups)
      .filter((g) => groups[g]!.sentiment === 'negative')
      .sort(),
    groups: Object.fromEntries(
      Object.keys(sizes)
        .sort()
        .map((g) => [g, sizes[g]!]),
    ),
    words: sorted,
  };
}

/**
 * The agent's labelled development texts as vocabulary texts: each answerable one under the intent
 * of its card (cardReading) that the message understanding finds likeliest for the text.
 */
export function agentTextsOf(
  texts: readonly { text: string; kind: string; card?: string }[],
  cards: Record<string, string>,
): { text: string; group: string }[] {
  const out: { text: string; group: string }[] = [];
  for (const t of texts) {
    if (t.kind !== 'answerable' || !t.card || cards[t.card] === undefined) continue;
    const intents = [...cardReading(t.card, cards[t.card]!).intents];
    if (intents.length === 0) continue;
    const p = intentProbabilities(t.text);
    out.push({ text: t.text, group: intents.reduce((a, b) => ((p[b] ?? 0) > (p[a] ?? 0) ? b : a)) });
  }
  return out;
}
