/**
 * The sentences of a shopper's text and of a card (pure, no I/O): the part of a longer text that
 * asks, the small talk around a question, the card sentence that alone holds an asked word, the
 * other side of an amount a card states.
 */
import { understand } from '../insights/index.ts';
import { sameWord, sentencesOf, wordsOf, wordStem } from './match.ts';

/** A card sentence's intent counts as asked from this probability of the question on. */
export const SENTENCE_INTENT = 0.15;

const SENTENCE_CACHE_SIZE = 5_000;
const sentenceCache = new Map<string, string | null>();
/** The intent a card sentence is read as (null: small talk), kept per sentence text: cards change rarely. */
function sentenceIntent(sentence: string): string | null {
  const cached = sentenceCache.get(sentence);
  if (cached !== undefined) return cached;
  const r = understand(sentence);
  const intent = r.topic.value === null ? null : r.intent.value;
  if (sentenceCache.size >= SENTENCE_CACHE_SIZE) sentenceCache.clear();
  sentenceCache.set(sentence, intent);
  return intent;
}

/**
 * The card's sentences that alone hold one of the question's found words and whose intent the
 * question is unlikely to ask ("how much is express shipping": the card's only sentence with
 * "express" tells how long it takes, not what it costs).
 */
export function sentencesMissed(
  foundWords: readonly string[],
  card: { title: string; content: string },
  intents: Readonly<Record<string, number>>,
): number {
  const sentences = sentencesOf(card.content).map((s) => ({ s, words: wordsOf(s) }));
  // A card of one sentence is read whole (cardReading).
  if (sentences.length < 2) return 0;
  const title = wordsOf(card.title);
  const same = (a: string, b: string): boolean => wordStem(a) === wordStem(b) || sameWord(a, b);
  let missed = 0;
  for (const w of new Set(foundWords)) {
    if (title.some((t) => same(w, t))) continue;
    const holding = sentences.filter((x) => x.words.some((t) => same(w, t)));
    if (holding.length !== 1) continue;
    const intent = sentenceIntent(holding[0]!.s);
    if (intent !== null && (intents[intent] ?? 0) < SENTENCE_INTENT) missed += 1;
  }
  return missed;
}

const BELOW = /\b(?:under|below|less than|lower than|not over|not above)\s*\$?\s*(\d+(?:\.\d+)?)/gi;
const ABOVE = /\b(?:over|above|more than|at least|from)\s*\$?\s*(\d+(?:\.\d+)?)/gi;

/**
 * Whether the question asks about the other side of an amount the card states ("under $75" to a
 * card that says what happens "over $75"): the card does not answer it.
 */
export function otherSideOfAmount(question: string, content: string): boolean {
  const below = new Set([...question.matchAll(BELOW)].map((m) => m[1]));
  if (below.size === 0) return false;
  return [...content.matchAll(ABOVE)].some((m) => below.has(m[1]));
}

/**
 * The part of a longer text that asks: its sentences read as questions, when it has both questions
 * and other sentences ("Bought boots elsewhere that were too big. How do your Trail Boots fit?" asks
 * the second); the whole text otherwise.
 */
export function askingPart(text: string): string {
  const sentences = text
    .split(/(?<=[.!?\n])\s*/u)
    .map((s) => s.trim())
    .filter(Boolean);
  if (sentences.length < 2) return text;
  const asking = sentences.filter((s) => understand(s).question.value);
  return asking.length === 0 || asking.length === sentences.length ? text : asking.join(' ');
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
