/**
 * How likely a knowledge-base card answers a shopper's question (pure, no I/O): a logistic model
 * over features that say nothing of any one brand or card — how likely the question asks one of the
 * intents the card answers, how its words are accounted for by the card (match.ts: found, common,
 * naming the intent, generic, known, never seen, places), the words the card and the question share
 * — trained on the agent's development texts (`npm run train:agent`, scripts/train-agent-matcher.ts)
 * and kept in matcher.json with the threshold chosen by cross-validation inside those texts.
 */
import type { WordAccount } from './match.ts';
import matcherFile from './matcher.json' with { type: 'json' };

/** What the model reads of one (question, card) pair, in FEATURES order. */
export interface PairInput {
  /** The card's intents' probability for the question, and whether the likeliest intent is one of them. */
  mass: number;
  top: boolean;
  /** The card's mass less the best other card's (how clearly this card is the one). */
  margin: number;
  /** Found words less the best other card's found words. */
  foundMargin: number;
  account: WordAccount;
  /** The card's sentences that hold a word of the question no other sentence holds read as intents the question is unlikely to ask. */
  sentenceMiss: number;
  /** Words this card only explains that another card found holds (an aspect that other card speaks of). */
  elsewhere: number;
  /** The share of the question's content words the card holds (rules.ts coverage). */
  coverage: number;
  /** The message understanding reads the card on another topic than the question. */
  otherTopic: boolean;
  smallTalk: number;
  negative: number;
  question: boolean;
}

export const FEATURES = [
  'mass',
  'top',
  'margin',
  'found_margin',
  'found_share',
  'found',
  'titled',
  'common_share',
  'names_share',
  'names_rare',
  'names_other',
  'generic_share',
  'known_share',
  'unknown_share',
  'unknown_any',
  'known_any',
  'places',
  'places_missed',
  'coverage',
  'other_topic',
  'small_talk',
  'negative',
  'question',
  'words',
  'strict',
  'strict_mass',
] as const;

/**
 * The card accounts for the question by structure: the question likely asks one of its intents, one
 * of its words is in the card, and every other word is in it, a common word, a word naming the
 * card's intent, a generic word or a place it answers for — and no other card found holds a word
 * this card only explains, and no card sentence that alone holds one of the question's words reads
 * as an intent the question is unlikely to ask. Only such a card can be the answer.
 */
export const strict = (p: PairInput): boolean =>
  p.mass >= STRICT_MASS &&
  p.account.found + p.account.places > 0 &&
  p.elsewhere + p.account.known + p.account.unknown + p.account.namesOther + p.account.placesMissed + p.sentenceMiss ===
    0;

/** The card's intents together at least this likely for a structural match. */
export const STRICT_MASS = 0.3;

export function pairFeatures(p: PairInput): number[] {
  const a = p.account;
  const n = Math.max(1, a.words);
  return [
    p.mass,
    p.top ? 1 : 0,
    p.margin,
    Math.max(-3, Math.min(3, p.foundMargin)) / 3,
    (a.found + a.places) / n,
    Math.min(4, a.found) / 4,
    a.titled > 0 ? 1 : 0,
    a.common / n,
    a.names / n,
    a.namesRare > 0 ? 1 : 0,
    a.namesOther > 0 ? 1 : 0,
    a.generic / n,
    a.known / n,
    a.unknown / n,
    a.unknown > 0 ? 1 : 0,
    a.known > 0 ? 1 : 0,
    a.places > 0 ? 1 : 0,
    a.placesMissed > 0 ? 1 : 0,
    p.coverage,
    p.otherTopic ? 1 : 0,
    p.smallTalk,
    p.negative,
    p.question ? 1 : 0,
    Math.min(10, a.words) / 10,
    strict(p) ? 1 : 0,
    strict(p) ? p.mass : 0,
  ];
}

export interface MatcherModel {
  about: string;
  features: string[];
  weights: number[];
  bias: number;
  /** The probability from which the card is the answer (chosen by cross-validation). */
  threshold: number;
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

export const probabilityOf = (model: MatcherModel, x: readonly number[]): number =>
  sigmoid(x.reduce((z, v, i) => z + v * model.weights[i]!, model.bias));

/** The shipped model. */
export const MATCHER = matcherFile as MatcherModel;

/**
 * The model's probability as the agent's confidence: the threshold maps to the answer threshold
 * (rules.ts ANSWER_THRESHOLD), monotone on both sides, so that 'answer from this confidence on' stays
 * one number; a card that does not match by structure stays under it.
 */
export function confidenceOf(
  probability: number,
  model: MatcherModel,
  answerThreshold: number,
  structural: boolean,
): number {
  const t = model.threshold;
  if (!structural)
    return Math.round(Math.min((answerThreshold * probability) / t, answerThreshold - 0.0001) * 10_000) / 10_000;
  const c =
    probability >= t
      ? answerThreshold + ((1 - answerThreshold) * (probability - t)) / (1 - t)
      : (answerThreshold * probability) / t;
  return Math.round(c * 10_000) / 10_000;
}

/** Logistic regression by gradient descent with an L2 penalty (deterministic: zero start, fixed steps). */
export function trainLogistic(
  rows: readonly { x: readonly number[]; y: 0 | 1 }[],
  { l2 = 0.0001, steps = 6000, rate = 0.5 } = {},
): { weights: number[]; bias: number } {
  const d = rows[0]?.x.length ?? 0;
  const w = Array<number>(d).fill(0);
  let b = 0;
  const positives = rows.filter((r) => r.y === 1).length;
  // Both classes weigh the same in all.
  const weightOf = (y: 0 | 1): number =>
    y === 1 ? rows.length / (2 * positives) : rows.length / (2 * (rows.length - positives));
  for (let step = 0; step < steps; step += 1) {
    const gw = Array<number>(d).fill(0);
    let gb = 0;
    for (const r of rows) {
      const z = r.x.reduce((s, v, i) => s + v * w[i]!, b);
      const g = (sigmoid(z) - r.y) * weightOf(r.y);
      for (let i = 0; i < d; i += 1) gw[i]! += g * r.x[i]!;
      gb += g;
    }
    for (let i = 0; i < d; i += 1) w[i] = w[i]! - rate * (gw[i]! / rows.length + l2 * w[i]!);
    b -= rate * (gb / rows.length);
  }
  return { weights: w.map((v) => Math.round(v * 1e6) / 1e6), bias: Math.round(b * 1e6) / 1e6 };
}
