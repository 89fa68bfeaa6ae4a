/**
 * The message understanding: what one shopper text says, with a confidence for each answer. The
 * insight batch files texts by it; the shopper agent decides by it when to answer and when to
 * leave the conversation to a person. See docs/brands/insights-and-ads.md ("Message
 * understanding") for the API. Pure and synchronous: about 0.1 ms a text.
 */
import { INSIGHT_CATEGORIES, INSIGHT_TAGS, SENTIMENTS } from '../analysis/rules.ts';
import type { InsightCategory, InsightTag, Sentiment } from '../analysis/rules.ts';
import { SMALL_TALK } from './dataset.ts';
import { textFeatures } from './features.ts';
import { probabilities, readModel, type LinearModel, type ModelFile } from './model.ts';
import { isQuestion, orderNumberOf, productOf, topicText } from './rules.ts';
import modelFile from './model.json' with { type: 'json' };

export interface Scored<T> {
  value: T;
  /** 0 to 1: the model's probability, or the rule's fixed confidence. */
  confidence: number;
}

/** What the conversation around the text says: the cart's products, the text sent before it. */
export interface ConversationContext {
  cart?: { products: readonly string[]; ordered?: boolean } | null;
  lastOutgoing?: string | null;
}

export interface Understanding {
  /** The tag of the insight the text names; null for small talk. */
  topic: Scored<InsightTag | null>;
  /** The category (product: before buying, blocker, post_purchase); null for small talk. */
  stage: Scored<InsightCategory | null>;
  /** The FAQ-like question it names (a group of fixtures/insights/groups.json), or 'small-talk'. */
  intent: Scored<string>;
  sentiment: Scored<Sentiment>;
  question: Scored<boolean>;
  smallTalk: Scored<boolean>;
  optOut: Scored<boolean>;
  /** The shopper asks for a person (a human, a manager, a call). */
  person: Scored<boolean>;
  /** The cart product it names (or the cart's only product for a text about a product). */
  product: { name: string; confidence: number } | null;
  order: { number: string; confidence: number } | null;
}

export interface UnderstandingModels {
  group: LinearModel;
  sentiment: LinearModel;
  groups: Record<string, { tag: InsightTag | null; category: InsightCategory | null }>;
}

const file = modelFile as unknown as ModelFile & { groups: UnderstandingModels['groups'] };
let shipped: UnderstandingModels | undefined;
/** The shipped models, read from model.json once, on first use (not when the module loads). */
function shippedModels(): UnderstandingModels {
  shipped ??= { group: readModel(file, 'group'), sentiment: readModel(file, 'sentiment'), groups: file.groups };
  return shipped;
}

/** The groups the model knows, with their tag and category. */
export const knownIntents = (): Readonly<UnderstandingModels['groups']> => file.groups;

/**
 * How strongly one word names an intent in the shipped group model (its `w:` feature's weight for the
 * group; 0 for a word the model never saw). The shopper agent reads a question's words against it: a
 * word that names the question's intent is explained by a card answering that intent.
 */
export function wordIntentWeight(word: string, intent: string): number {
  const model = shippedModels().group;
  const k = model.classes.indexOf(intent);
  const row = model.weights.get(`w:${word.toLowerCase()}`);
  return k < 0 || !row ? 0 : row[k]!;
}

/**
 * Whether shoppers' texts use the word without it naming any intent: the model knows it (it is in
 * the labelled texts) and its weight for every group stays under `limit` ("till", "available").
 * A word the model never saw ("klarna", "toronto") is not generic.
 */
export function isGenericWord(word: string, limit: number): boolean {
  const row = shippedModels().group.weights.get(`w:${word.toLowerCase()}`);
  return Boolean(row) && row!.every((v) => Math.abs(v) < limit);
}

/** The group model's probability of each intent for the text (its opt-out and person words left out, as understand() reads it). */
export function intentProbabilities(text: string): Record<string, number> {
  const model = shippedModels().group;
  const p = probabilities(model, textFeatures(topicText(text).rest));
  return Object.fromEntries(model.classes.map((c, i) => [c, p[i]!]));
}

/** Post-purchase wins for a conversation whose cart was ordered when it is at least this likely. */
export const ORDERED_STAGE_FLOOR = 0.25;

function argmax<T extends string>(entries: [T, number][]): Scored<T> {
  let best = entries[0]!;
  for (const e of entries) if (e[1] > best[1]) best = e;
  return { value: best[0], confidence: best[1] };
}

export const understand = (text: string, conversation: ConversationContext = {}): Understanding =>
  understandWith(shippedModels(), text, conversation);

/** understand() with other models (cross-validation inside the development part). */
export function understandWith(
  models: UnderstandingModels,
  text: string,
  conversation: ConversationContext = {},
): Understanding {
  const { group: groupModel, sentiment: sentimentModel, groups: groupTags } = models;
  const GROUPS = groupModel.classes;
  const { rest, empty, optOut, person } = topicText(text);
  const features = textFeatures(text);
  const p = probabilities(groupModel, rest === text ? features : textFeatures(rest));
  const small = empty ? 1 : p[GROUPS.indexOf(SMALL_TALK)]!;
  const tags = new Map<InsightTag | 'none', number>([['none', small]]);
  const intents: [string, number][] = [[SMALL_TALK, small]];
  const scale = small === 1 ? 0 : 1;
  GROUPS.forEach((g, i) => {
    const labels = groupTags[g];
    if (!labels?.tag || !labels.category) return;
    const q = p[i]! * scale;
    tags.set(labels.tag, (tags.get(labels.tag) ?? 0) + q);
    intents.push([g, q]);
  });
  const topic = argmax([...tags.entries()]);
  const isSmallTalk = topic.value === 'none';
  // The stage of the topic read: its groups' categories.
  const stages = new Map<InsightCategory, number>(INSIGHT_CATEGORIES.map((c) => [c, 0]));
  for (const [g, q] of intents) {
    const labels = groupTags[g];
    if (labels?.tag === topic.value && labels.category) stages.set(labels.category, stages.get(labels.category)! + q);
  }
  const insightShare = topic.confidence || 1;
  let stage = argmax([...stages.entries()].map(([c, v]) => [c, v / insightShare] as [InsightCategory, number]));
  const ordered = stages.get('post_purchase')! / insightShare;
  if (conversation.cart?.ordered && stage.value !== 'post_purchase' && ordered >= ORDERED_STAGE_FLOOR)
    stage = { value: 'post_purchase', confidence: ordered };
  const intent = isSmallTalk
    ? { value: SMALL_TALK, confidence: small }
    : argmax(intents.filter(([g]) => groupTags[g]?.tag === topic.value));
  const s = probabilities(sentimentModel, features);
  const sentiment = argmax(sentimentModel.classes.map((c, i) => [c as Sentiment, s[i]!]));
  const products = conversation.cart?.products ?? [];
  let product = productOf(text, products);
  if (!product && !isSmallTalk && products.length === 1 && topic.value === 'specifications')
    product = { name: products[0]!, confidence: 0.5 };
  const number = orderNumberOf(text);
  return {
    topic: isSmallTalk
      ? { value: null, confidence: small }
      : { value: topic.value as InsightTag, confidence: topic.confidence },
    stage: isSmallTalk ? { value: null, confidence: small } : stage,
    intent: isSmallTalk ? intent : { value: intent.value, confidence: intent.confidence / (topic.confidence || 1) },
    sentiment,
    question: isQuestion(text),
    smallTalk: { value: isSmallTalk, confidence: isSmallTalk ? small : 1 - small },
    optOut: { value: optOut.length > 0, confidence: optOut.length > 0 ? 0.9 : 0.95 },
    person: { value: person.length > 0, confidence: person.length > 0 ? 0.85 : 0.9 },
    product,
    order: number ? { number, confidence: 0.9 } : null,
  };
}

export { INSIGHT_TAGS, SENTIMENTS };
