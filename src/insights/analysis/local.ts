/**
 * The local analyser: deterministic rules that need no model, so the pipeline runs offline.
 * - tag: the weighted keyword lexicon of each tag (lexicon.ts); no tag and no 'new' topic cue
 *   (stock, gifts, cancellations) means small talk: outcome none with the neutral summary;
 * - category: post-purchase cues, then blocker cues, then the tag's usual category;
 * - sentiment: the lexicon's positive and negative words with wink-nlp's sentiment score;
 * - grouping: a bag of lemmas (wink-nlp, English lite model; stop words dropped) plus the lexicon
 *   patterns that matched, compared by cosine similarity (wink-nlp's similarity utility): a message
 *   links to the brand's insight of the same tag and category above LINK_THRESHOLD, else joins a
 *   new insight of this run above GROUP_THRESHOLD, else starts one.
 * Messages are handled in the order given; the same input always gives the same outcomes.
 */
import { createRequire } from 'node:module';
import winkNLP, { type Bow, type ItemToken } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import type { SimilarityHelper } from 'wink-nlp/utilities/similarity';
import {
  BLOCKER_CUES,
  FIXED_CATEGORY_TAGS,
  NEGATIVE_WORDS,
  NEUTRAL_IN_QUESTIONS,
  NEW_TOPIC_LEXICON,
  POSITIVE_WORDS,
  POST_PURCHASE_CUES,
  QUESTION_MIN_WORDS,
  QUESTION_START,
  SMALL_TALK_QUESTIONS,
  TAG_CATEGORY,
  TAG_LEXICON,
  type WeightedPattern,
} from './lexicon.ts';
import {
  excerpt,
  noneOutcome,
  type Analyser,
  type Analysis,
  type InsightCategory,
  type InsightTag,
  type KnownInsight,
  type Outcome,
  type ProposedInsight,
  type Sentiment,
  type ShopperMessage,
} from './rules.ts';
import { proposedSolution, summaryOf, topicBody } from './wording.ts';

const similarity = createRequire(import.meta.url)('wink-nlp/utilities/similarity') as SimilarityHelper;
const nlp = winkNLP(model, ['sbd', 'negation', 'sentiment', 'pos']);
const { its } = nlp;

/** Cosine similarity above which a message links to an existing insight of its tag and category. */
export const LINK_THRESHOLD = 0.34;
/** Cosine similarity above which a message joins a new insight of this run. */
export const GROUP_THRESHOLD = 0.3;

/** Words too common in shoppers' texts to tell topics apart. */
const EXTRA_STOP_WORDS = new Set([
  'order',
  'please',
  'hi',
  'hello',
  'thanks',
  'thank',
  'item',
  'get',
  'want',
  'need',
  'would',
  'like',
  'one',
]);

export interface MessageFeatures {
  tag: InsightTag | null;
  category: InsightCategory | null;
  sentiment: Sentiment;
  bow: Bow;
}

const normal = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'");

function score(text: string, patterns: WeightedPattern[], bow: Bow, prefix: string): number {
  let total = 0;
  patterns.forEach(({ pattern, weight }, index) => {
    if (pattern.test(text)) {
      total += weight;
      bow[`#${prefix}${index}`] = 2;
    }
  });
  return total;
}

/** A question a shopper asks that no lexicon names (see QUESTION_START). */
const isOpenQuestion = (text: string): boolean =>
  (text.includes('?') || QUESTION_START.test(text.trim())) &&
  text.split(/\s+/).filter(Boolean).length >= QUESTION_MIN_WORDS &&
  !SMALL_TALK_QUESTIONS.some((p) => p.test(text));

function sentimentOf(text: string, wink: number): Sentiment {
  let negative = NEGATIVE_WORDS.filter((p) => p.test(text)).length;
  const positive = POSITIVE_WORDS.filter((p) => p.test(text)).length;
  if (text.includes('?') && NEUTRAL_IN_QUESTIONS.test(text)) negative = Math.max(0, negative - 1);
  const total = positive - negative + wink;
  if (negative > positive && total <= -0.5) return 'negative';
  if (positive > negative && total >= 0.5) return 'positive';
  // Without a lexicon cue the model's score decides only for statements of a few words: a question
  // ("Do these run true to size?") or a bare "ok" stays neutral.
  if (text.includes('?') || text.split(/\s+/).length < 3) return 'neutral';
  if (wink >= 0.5) return 'positive';
  if (wink <= -0.5) return 'negative';
  return 'neutral';
}

/** The tag, category, sentiment and bag of words of one text. */
export function featuresOf(body: string): MessageFeatures {
  const text = normal(body);
  const doc = nlp.readDoc(text);
  const bow: Bow = {};
  doc.tokens().each((token: ItemToken) => {
    if (token.out(its.type) !== 'word' || token.out(its.stopWordFlag)) return;
    if (EXTRA_STOP_WORDS.has(token.out(its.normal))) return;
    // The typings of its.lemma do not match out(); its value is the lemma string.
    const lemma = token.out(its.lemma as never) as string;
    bow[lemma] = (bow[lemma] ?? 0) + 1;
  });
  let tag: InsightTag | null = null;
  let best = 0;
  for (const [name, patterns] of Object.entries(TAG_LEXICON) as [Exclude<InsightTag, 'new'>, WeightedPattern[]][]) {
    const s = score(text, patterns, bow, name);
    if (s > best) {
      best = s;
      tag = name;
    }
  }
  if (tag === null && score(text, NEW_TOPIC_LEXICON, bow, 'new') > 0) tag = 'new';
  if (tag === null && isOpenQuestion(text)) tag = 'new';
  const sentiment = sentimentOf(text, Number(doc.out(its.sentiment)));
  if (tag === null) return { tag, category: null, sentiment, bow };
  let category = TAG_CATEGORY[tag];
  if (!FIXED_CATEGORY_TAGS.has(tag)) {
    if (POST_PURCHASE_CUES.some((p) => p.test(text))) category = 'post_purchase';
    else if (BLOCKER_CUES.some((p) => p.test(text))) category = 'blocker';
  }
  bow[`#category:${category}`] = 1;
  return { tag, category, sentiment, bow };
}

/** Features of insight texts, kept between pages of a batch (the same insights come again); bounded. */
const INSIGHT_CACHE_SIZE = 5000;
const insightCache = new Map<string, MessageFeatures>();
function insightFeatures(text: string): MessageFeatures {
  let features = insightCache.get(text);
  if (!features) {
    features = featuresOf(text);
    if (insightCache.size >= INSIGHT_CACHE_SIZE) insightCache.delete(insightCache.keys().next().value!);
    insightCache.set(text, features);
  }
  return { ...features, bow: { ...features.bow } };
}

interface Cluster {
  key: string;
  insightId: number | null;
  tag: string;
  category: InsightCategory;
  bow: Bow;
  insight?: ProposedInsight;
}

const addInto = (target: Bow, bow: Bow): void => {
  for (const [word, count] of Object.entries(bow)) target[word] = (target[word] ?? 0) + count;
};

function closest(clusters: readonly Cluster[], bow: Bow): { cluster: Cluster; similarity: number } | undefined {
  let found: { cluster: Cluster; similarity: number } | undefined;
  for (const cluster of clusters) {
    const s = similarity.bow.cosine(cluster.bow, bow);
    if (Number.isFinite(s) && (!found || s > found.similarity)) found = { cluster, similarity: s };
  }
  return found;
}

/** The outcomes of a list of messages against a brand's insights (pure; no I/O). */
export function analyseLocally(insights: readonly KnownInsight[], messages: readonly ShopperMessage[]): Outcome[] {
  const known = new Map<string, Cluster[]>();
  const fresh = new Map<string, Cluster[]>();
  const slot = (map: Map<string, Cluster[]>, key: string): Cluster[] => {
    let list = map.get(key);
    if (!list) map.set(key, (list = []));
    return list;
  };
  for (const insight of insights) {
    const features = insightFeatures(`${insight.topic ?? ''}. ${insight.body ?? ''}`);
    const tag = insight.tag ?? features.tag ?? 'new';
    slot(known, `${tag}/${insight.category}`).push({
      key: `insight:${insight.id}`,
      insightId: insight.id,
      tag,
      category: insight.category,
      bow: features.bow,
    });
  }
  const outcomes: Outcome[] = [];
  for (const message of messages) {
    const { tag, category, sentiment, bow } = featuresOf(message.body);
    if (tag === null || category === null) {
      outcomes.push(noneOutcome(message.id, sentiment));
      continue;
    }
    const summary = summaryOf(tag, message.body);
    const place = `${tag}/${category}`;
    const link = closest(known.get(place) ?? [], bow);
    if (link && link.similarity >= LINK_THRESHOLD) {
      addInto(link.cluster.bow, bow);
      outcomes.push({ kind: 'linked', messageId: message.id, insightId: link.cluster.insightId!, summary, sentiment });
      continue;
    }
    const groups = slot(fresh, place);
    const group = closest(groups, bow);
    if (group && group.similarity >= GROUP_THRESHOLD) {
      addInto(group.cluster.bow, bow);
      outcomes.push({
        kind: 'new',
        messageId: message.id,
        key: group.cluster.key,
        insight: group.cluster.insight!,
        summary,
        sentiment,
      });
      continue;
    }
    const insight: ProposedInsight = {
      ...topicBody(tag, category, message.body),
      proposedSolution: proposedSolution(tag, category),
      category,
      tag,
    };
    const key = `${place}/${message.id}`;
    groups.push({ key, insightId: null, tag, category, bow: { ...bow }, insight });
    outcomes.push({ kind: 'new', messageId: message.id, key, insight, summary, sentiment });
  }
  return outcomes;
}

export const localAnalyser: Analyser = {
  name: 'local',
  analyse: async ({ insights, messages }): Promise<Analysis> => ({
    outcomes: analyseLocally(insights, messages),
    skipped: [],
    modelCalls: 0,
    cachedCalls: 0,
    promptTokens: 0,
    completionTokens: 0,
  }),
};

export { excerpt };
