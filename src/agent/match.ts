/**
 * Structural matching of a shopper question to a knowledge-base card (pure, no I/O), so that a
 * shopper's own wording finds the card and not only the words the card happens to use:
 * - each card is read by the message understanding (its title, each sentence, the whole) into the
 *   intents it answers (shipping-time, return-policy, size-fit…), computed once per card text and cached;
 * - the question's intent, read by the same model, must be one of the card's, and confident;
 * - every content word of the question must be accounted for: in the card (same English stem, or
 *   the same word misspelled: character-trigram similarity), or a word the model itself reads as
 *   naming that intent ("arrive" for shipping-time, "swap" for exchange-size); a word neither the
 *   card nor the intent explains ("australia", "klarna", "waterproof") leaves the question to the team;
 * - and at least one of its words must be in the card.
 * Blockers (a code not working, a failed payment) and negative texts (a late order, a damaged item)
 * never match this way: those escalate.
 */
import { isGenericWord, knownIntents, understand, wordIntentWeight } from '../insights/index.ts';
import vocabularyFile from './vocabulary.json' with { type: 'json' };

/** The question's intent counts from this probability on (topic × intent within the topic). */
export const INTENT_CONFIDENCE = 0.45;
/** A card answers an intent its title, one of its sentences or its whole text is read as, this sure. */
export const CARD_INTENT_CONFIDENCE = 0.35;
/** A word names the intent when its weight for it in the model is at least this. */
export const EXPLAINING_WEIGHT = 0.75;
/** A word shoppers used in the texts of this many groups names none of them. */
export const GENERIC_GROUPS = 4;
/** A word shoppers used in at least this many texts of a group, and this share of its uses, names that group. */
export const NAMING_TEXTS = 3;
export const NAMING_SHARE = 0.3;

const vocabulary = (vocabularyFile as Vocabulary).words;
const negativeGroups = new Set((vocabularyFile as Vocabulary).negative);

/** Whether a word names the intent: shoppers used it for that group (vocabulary.json), or the model weighs it for it. */
export function namesIntent(word: string, intent: string): boolean {
  const uses = vocabulary[wordStem(word)];
  if (uses) {
    const n = uses[intent] ?? 0;
    const all = Object.values(uses).reduce((a, b) => a + b, 0);
    if (n >= NAMING_TEXTS && n / all >= NAMING_SHARE) return true;
  }
  return wordIntentWeight(word, intent) >= EXPLAINING_WEIGHT;
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
/** The confidence of a structural match (above the answer threshold, below a full lexical cover). */
export const STRUCTURAL_CONFIDENCE = 0.85;

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
export type CardReading = { intents: Set<string>; words: string[]; topic: string | null };

const sentencesOf = (text: string): string[] =>
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
  const reading = { intents, words: [...new Set(wordsOf(`${title} ${content}`))], topic };
  if (cardCache.size >= CARD_CACHE_SIZE) cardCache.clear();
  cardCache.set(key, reading);
  return reading;
}

const trigrams = (word: string): Set<string> => {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) out.add(padded.slice(i, i + 3));
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
  lexeme: string;
}

export interface IntentReading {
  value: string;
  /** The topic's confidence times the intent's within the topic. */
  confidence: number;
}

/**
 * Whether the card answers the question by structure: the question's confident intent is one of
 * the card's, one of its words is in the card, and each of its words is in the card or names the intent.
 */
export function structuralMatch(
  question: { words: readonly QuestionWord[]; intent: IntentReading | null; negative: boolean },
  card: { title: string; content: string; lexemes: readonly string[] },
  inCard: (w: QuestionWord) => boolean,
): boolean {
  const { intent, words } = question;
  if (question.negative || !intent || intent.confidence < INTENT_CONFIDENCE || isComplaintIntent(intent.value))
    return false;
  if (words.length === 0) return false;
  const reading = cardReading(card.title, card.content);
  if (!reading.intents.has(intent.value)) return false;
  const found = (w: QuestionWord): boolean => inCard(w) || reading.words.some((c) => sameWord(w.word, c));
  let anchored = false;
  for (const w of words) {
    if (found(w)) anchored = true;
    else if (!namesIntent(w.word, intent.value) && !isGeneric(w.word)) return false;
  }
  return anchored;
}

/** A word's stem for the vocabulary: lower case, a plural or verb ending cut ("arrives", "emailed" → "arriv", "email"). */
export function wordStem(word: string): string {
  const w = word
    .toLowerCase()
    .replace(/'s$/, '')
    .replace(/[^\p{L}\p{N}]/gu, '');
  const cut = w.replace(/(ing|ed|es|s|e|ly)$/, '');
  return cut.length >= 3 ? cut : w;
}

/** The vocabulary file: per word stem, the number of texts of each group using it. */
export interface Vocabulary {
  about: string;
  /** The groups whose texts are negative (fixtures/insights/groups.json): complaints. */
  negative: string[];
  words: Record<string, Record<string, number>>;
}

/** The vocabulary of labelled shopper texts (scripts/agent-vocabulary.ts writes it to vocabulary.json). */
export function vocabularyOf(
  texts: readonly { text: string; group: string }[],
  groups: Record<string, { sentiment: string }>,
): Vocabulary {
  const words: Record<string, Record<string, number>> = {};
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
    words: sorted,
  };
}

/** A sentence read as small talk this surely ("hi!", "thanks for the reminder") is not part of the question. */
export const SMALL_TALK_SENTENCE = 0.8;

/**
 * The words of the text's small-talk sentences that its other sentences do not use: "hey! thanks
 * for the reminder. do you ship to canada?" asks about shipping to Canada only.
 */
export function smallTalkWords(text: string): Set<string> {
  const sentences = text
    .split(/(?<=[.!?\n])\s*/u)
    .map((s) => s.trim())
    .filter(Boolean);
  if (sentences.length < 2) return new Set();
  const small = new Set<string>();
  const asked = new Set<string>();
  for (const s of sentences) {
    const r = understand(s);
    const target =
      r.smallTalk.value && r.smallTalk.confidence >= SMALL_TALK_SENTENCE && !r.question.value ? small : asked;
    for (const w of wordsOf(s)) target.add(w);
  }
  for (const w of asked) small.delete(w);
  return small;
}
