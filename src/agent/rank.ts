/**
 * The cards that answer a shopper's question, best first: the brand's published cards found by
 * full-text search, each read against the question (match.ts: the intents it answers, how it
 * accounts for each word) and given the matcher's probability (matcher.ts) as its confidence.
 * questionOf and rankedOf are pure; cardPairs and rankCards read the words and the cards.
 */
import type { AppContext } from '../app/index.ts';
import { normalForm, understand, type Understanding } from '../insights/index.ts';
import { accountFor, cardReading, intentMass, questionIntents, wordsOf, type QuestionWord } from './match.ts';
import { askingPart, otherSideOfAmount, sentencesMissed, smallTalkWords } from './sentences.ts';
import { confidenceOf, MATCHER, pairFeatures, probabilityOf, strict, type PairInput } from './matcher.ts';
import {
  ANSWER_THRESHOLD,
  coverage,
  feedbackFactor,
  feedbackTopic,
  isContentLexeme,
  lexemeIn,
  searchLexemes,
  type Candidate,
} from './rules.ts';
import { matchingCards, matchingCardsOf, questionWords, type CardMatch, type CardQuery } from './store.ts';
import { countryOf, searchLexemesOf } from './words.ts';

/** Cards found by full-text search that are read against the question. */
export const RETRIEVE_LIMIT = 8;

/** A question as the ranking reads it. */
export interface Question {
  text: string;
  reading: Understanding;
  /** Its stems (PostgreSQL's), its content words, the part that asks, its intents. */
  lexemes: string[];
  content: QuestionWord[];
  asking: string;
  intents: Record<string, number>;
  /** The full-text search for its cards. */
  query: CardQuery;
}

/** Reads a question from its words as PostgreSQL's ts_debug splits them (questionWords). */
export function questionOf(
  brandId: number,
  text: string,
  written: readonly { word: string; lexeme: string | null }[],
): Question {
  const reading = understand(text);
  const lexemes = [...new Set(written.flatMap((w) => (w.lexeme ? [w.lexeme] : [])))];
  const chatter = smallTalkWords(text);
  // Words only in the sentences that do not ask are context (a place still counts).
  const asking = askingPart(text);
  const asked = new Set(wordsOf(asking));
  const content = written.filter(
    (w): w is QuestionWord =>
      w.lexeme !== null &&
      isContentLexeme(w.lexeme) &&
      ((!chatter.has(w.word) && asked.has(w.word)) || countryOf(w.word) !== null),
  );
  return {
    text,
    reading,
    lexemes,
    content,
    asking,
    intents: questionIntents(asking, content),
    query: {
      brandId,
      // A Spanish word or a place is searched for by the words a card would use (envio → shipping, toronto → canada).
      lexemes: searchLexemes([...lexemes, ...searchLexemesOf(written.map((w) => w.word))]),
      // A misspelled word finds its card by its first letters (then trigram similarity decides).
      prefixes: content.filter((w) => /^\p{L}{5,}$/u.test(w.word)).map((w) => w.word.slice(0, 3)),
      limit: RETRIEVE_LIMIT,
      topic: feedbackTopic(reading.topic),
    },
  };
}

/** What the matcher reads of each (question, card) pair. */
export function pairsOf(q: Question, cards: readonly CardMatch[]): PairInput[] {
  const { reading, intents, content, asking } = q;
  const { topic } = reading;
  const likeliest = Object.entries(intents).reduce<[string, number]>((a, b) => (b[1] > a[1] ? b : a), ['', -1])[0];
  const readings = cards.map((c) => cardReading(c.title, c.content));
  const masses = readings.map((r) => intentMass(intents, r.intents));
  const accounts = cards.map((c) => {
    const inCard = lexemeIn(c.lexemes);
    return accountFor(content, c, (w) => w.lexeme !== null && inCard(w.lexeme));
  });
  const bestOther = (values: number[], i: number): number => Math.max(0, ...values.filter((_, j) => j !== i));
  const found = accounts.map((a) => a.found + a.places);
  const negative = reading.sentiment.value === 'negative' ? reading.sentiment.confidence : 0;
  return cards.map((c, i) => {
    // The card's own topic, read once per card text (cardReading).
    const own = topic.value === null || topic.confidence < 0.5 ? null : readings[i]!.topic;
    return {
      mass: masses[i]!,
      top: readings[i]!.intents.has(likeliest),
      margin: masses[i]! - bestOther(masses, i),
      foundMargin: found[i]! - bestOther(found, i),
      account: accounts[i]!,
      sentenceMiss:
        sentencesMissed(accounts[i]!.foundWords, c, intents) + (otherSideOfAmount(asking, c.content) ? 1 : 0),
      elsewhere: accounts[i]!.explainedWords.filter((w) => accounts.some((o, j) => j !== i && o.foundWords.includes(w)))
        .length,
      coverage: coverage(q.lexemes, { lexemes: c.lexemes, titleLexemes: c.title_lexemes }),
      otherTopic: own !== null && own !== topic.value,
      smallTalk: reading.smallTalk.value ? reading.smallTalk.confidence : 1 - reading.smallTalk.confidence,
      negative,
      question: reading.question.value,
    };
  });
}

/**
 * The cards best first: the matcher's probability as confidence (a card that does not match by
 * structure stays under the answer threshold); a card titled with the question as asked (an
 * answered escalation saved to the KB) is its answer; a card whose answers on the question's topic a
 * brand user marked wrong counts less there (feedbackFactor).
 */
export function rankedOf(q: Question, cards: readonly CardMatch[], inputs: readonly PairInput[]): Candidate[] {
  const asked = normalForm(q.text);
  const confidence = (p: PairInput, title: string): number =>
    normalForm(title) === asked
      ? 1
      : confidenceOf(probabilityOf(MATCHER, pairFeatures(p)), MATCHER, ANSWER_THRESHOLD, strict(p));
  return (
    cards
      .map((c, i) => ({
        cardId: c.id,
        title: c.title,
        content: c.content,
        confidence: Math.round(confidence(inputs[i]!, c.title) * feedbackFactor(c.marks) * 10_000) / 10_000,
        weight: c.weight,
        i,
      }))
      // Equally likely cards: the brand's weight decides, then the full-text rank.
      .sort((a, b) => b.confidence - a.confidence || b.weight - a.weight || a.i - b.i)
      .map(({ i: _i, weight: _w, ...c }) => c)
  );
}

/** The cards found for a question, with what the matcher reads of each (the matcher's training reads these). */
export async function cardPairs(
  ctx: Pick<AppContext, 'db'>,
  { brandId, text }: { brandId: number; text: string },
): Promise<{ question: Question; cards: CardMatch[]; inputs: PairInput[] }> {
  const question = questionOf(brandId, text, await questionWords(ctx.db, text));
  const cards = await matchingCards(ctx.db, question.query);
  return { question, cards, inputs: pairsOf(question, cards) };
}

/** The brand's published cards that best answer the question, best first. */
export async function rankCards(
  ctx: Pick<AppContext, 'db'>,
  { brandId, text }: { brandId: number; text: string },
): Promise<Candidate[]> {
  const { question, cards, inputs } = await cardPairs(ctx, { brandId, text });
  return rankedOf(question, cards, inputs);
}

/** rankCards for several questions (their words already read, as questionWords reads them), the cards found in one statement. */
export async function rankCardsOf(
  ctx: Pick<AppContext, 'db'>,
  questions: readonly { brandId: number; text: string; words: readonly { word: string; lexeme: string | null }[] }[],
): Promise<Candidate[][]> {
  const asked = questions.map((q) => questionOf(q.brandId, q.text, q.words));
  const found = await matchingCardsOf(
    ctx.db,
    asked.map((q) => q.query),
  );
  return asked.map((q, i) => rankedOf(q, found[i]!, pairsOf(q, found[i]!)));
}
