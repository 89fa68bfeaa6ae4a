/**
 * The local analyser: the message understanding (../understanding, linear models trained on the
 * development part of fixtures/insights and shipped as model.json), so the pipeline runs offline.
 * - small talk (and opt-outs or requests for a person with no question about the offer): outcome
 *   none with the neutral summary;
 * - otherwise the understanding's tag, category, sentiment and intent (the FAQ-like question);
 * - grouping: messages of the same tag, category and intent share an insight when the intent is at
 *   least INTENT_CONFIDENCE likely; below it, a bag of words compared by cosine similarity joins a
 *   new insight of this run above GROUP_THRESHOLD. A message links to the brand's insight of the
 *   same tag, category and intent (the intent of its question), else above LINK_THRESHOLD.
 * Messages are handled in the order given; the same input always gives the same outcomes.
 */
import { tokens } from '../understanding/features.ts';
import { understand, type Understanding } from '../understanding/understand.ts';
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

/** Cosine similarity above which a message links to an existing insight of its tag and category. */
export const LINK_THRESHOLD = 0.5;
/** Cosine similarity above which a message joins a new insight of this run. */
export const GROUP_THRESHOLD = 0.34;
/**
 * The intent's probability (within its tag) above which it decides the group. INTENT_CONFIDENCE,
 * GROUP_THRESHOLD and JOIN_CONFIDENCE are chosen together by `npm run cv:insights` (5-fold
 * cross-validation inside the development part; the best purity + completeness).
 */
export const INTENT_CONFIDENCE = 0.6;

/** An uncertain text (below INTENT_CONFIDENCE) still joins the insight of its likeliest question when one exists and it is at least this likely; 1: never (what cross-validation chose). */
export const JOIN_CONFIDENCE = 1;

const STOP_WORDS = new Set(
  'a an the and or but to of in on for with at by from is are was were be been it its this that these those i me my we our you your u ur he she they them do does did can could will would should have has had just so if as not no yes please pls hi hello hey thanks thank order item get want need like one what when where how which who why any there here some about'.split(
    ' ',
  ),
);

type Bow = Map<string, number>;

export interface MessageFeatures {
  tag: InsightTag | null;
  category: InsightCategory | null;
  sentiment: Sentiment;
  intent: string | null;
  bow: Bow;
  understanding: Understanding;
}

function bowOf(text: string): Bow {
  const bow: Bow = new Map();
  for (const t of tokens(text)) {
    if (!/^\p{L}/u.test(t) || STOP_WORDS.has(t) || t.length < 3) continue;
    const w = t.replace(/(ies|es|s)$/, '');
    bow.set(w, (bow.get(w) ?? 0) + 1);
  }
  return bow;
}

const norm2Of = (bow: Bow): number => {
  let n = 0;
  for (const x of bow.values()) n += x * x;
  return n;
};

/** Cosine similarity of a cluster's words (its squared norm kept as words are added) and a text's. */
function cosine(cluster: { bow: Bow; norm2: number }, bow: Bow): number {
  let dot = 0;
  let nb = 0;
  for (const [w, y] of bow) {
    nb += y * y;
    const x = cluster.bow.get(w);
    if (x) dot += x * y;
  }
  return cluster.norm2 === 0 || nb === 0 ? 0 : dot / Math.sqrt(cluster.norm2 * nb);
}

/** What grouping reads the texts with: the shipped models and settings unless told (cross-validation). */
export interface GroupingOptions {
  understand?: typeof understand;
  intentConfidence?: number;
  groupThreshold?: number;
  joinConfidence?: number;
}

/** The tag, category, sentiment, intent and bag of words of one text. */
export function featuresOf(
  body: string,
  context: ShopperMessage['context'] = [],
  options: GroupingOptions = {},
): MessageFeatures {
  const lastOutgoing = [...context].reverse().find((c) => c.direction === 'outgoing')?.body ?? null;
  const u = (options.understand ?? understand)(body, { lastOutgoing });
  const intent =
    u.topic.value !== null && u.intent.confidence >= (options.intentConfidence ?? INTENT_CONFIDENCE)
      ? u.intent.value
      : null;
  return {
    tag: u.topic.value,
    category: u.stage.value,
    sentiment: u.sentiment.value,
    intent,
    bow: bowOf(body),
    understanding: u,
  };
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
  return { ...features, bow: new Map(features.bow) };
}

interface Cluster {
  key: string;
  insightId: number | null;
  intent: string | null;
  bow: Bow;
  /** The sum of the squared counts of bow. */
  norm2: number;
  insight?: ProposedInsight;
}

const addInto = (target: Cluster, bow: Bow): void => {
  for (const [word, count] of bow) {
    const before = target.bow.get(word) ?? 0;
    target.bow.set(word, before + count);
    target.norm2 += (before + count) ** 2 - before ** 2;
  }
};

/** The cluster of the same intent, else the closest by words above `threshold`. */
function match(clusters: readonly Cluster[], intent: string | null, bow: Bow, threshold: number): Cluster | undefined {
  if (intent !== null) {
    const same = clusters.find((c) => c.intent === intent);
    if (same) return same;
  }
  let found: { cluster: Cluster; similarity: number } | undefined;
  for (const cluster of clusters) {
    if (intent !== null && cluster.intent !== null) continue;
    const s = cosine(cluster, bow);
    if (!found || s > found.similarity) found = { cluster, similarity: s };
  }
  return found && found.similarity >= threshold ? found.cluster : undefined;
}

/** The outcomes of a list of messages against a brand's insights (pure; no I/O). */
export function analyseLocally(
  insights: readonly KnownInsight[],
  messages: readonly ShopperMessage[],
  options: GroupingOptions = {},
): Outcome[] {
  const known = new Map<string, Cluster[]>();
  const fresh = new Map<string, Cluster[]>();
  const slot = (map: Map<string, Cluster[]>, key: string): Cluster[] => {
    let list = map.get(key);
    if (!list) map.set(key, (list = []));
    return list;
  };
  for (const insight of insights) {
    const features = insightFeatures(insight.topic ?? insight.body ?? '');
    const tag = insight.tag ?? features.tag ?? 'new';
    slot(known, `${tag}/${insight.category}`).push({
      key: `insight:${insight.id}`,
      insightId: insight.id,
      intent: features.tag === tag && features.category === insight.category ? features.intent : null,
      bow: features.bow,
      norm2: norm2Of(features.bow),
    });
  }
  const read = messages.map((message) => ({ message, ...featuresOf(message.body, message.context, options) }));
  // First the texts whose question is clear, then the uncertain ones (the second stage): an
  // uncertain text joins the insight of its likeliest question when that insight exists and the
  // question is at least JOIN_CONFIDENCE likely, else the closest insight by words.
  const order = [...read.keys()].sort((a, b) => Number(read[a]!.intent === null) - Number(read[b]!.intent === null));
  const joinConfidence = options.joinConfidence ?? JOIN_CONFIDENCE;
  const outcomes: Outcome[] = new Array<Outcome>(read.length);
  for (const at of order) {
    const { message, tag, category, sentiment, intent, bow, understanding } = read[at]!;
    const push = (o: Outcome): void => void (outcomes[at] = o);
    if (tag === null || category === null) {
      push(noneOutcome(message.id, sentiment));
      continue;
    }
    const likely =
      intent === null && understanding.intent.confidence >= joinConfidence ? understanding.intent.value : null;
    const summary = summaryOf(tag, message.body);
    const place = `${tag}/${category}`;
    const link = match(known.get(place) ?? [], intent, bow, LINK_THRESHOLD);
    if (link) {
      addInto(link, bow);
      push({ kind: 'linked', messageId: message.id, insightId: link.insightId!, summary, sentiment });
      continue;
    }
    const groups = slot(fresh, place);
    const group =
      (likely !== null ? groups.find((c) => c.intent === likely) : undefined) ??
      match(groups, intent, bow, options.groupThreshold ?? GROUP_THRESHOLD);
    if (group) {
      addInto(group, bow);
      push({
        kind: 'new',
        messageId: message.id,
        key: group.key,
        insight: group.insight!,
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
    const key = `${place}/${intent ?? message.id}`;
    groups.push({ key, insightId: null, intent, bow: new Map(bow), norm2: norm2Of(bow), insight });
    push({ kind: 'new', messageId: message.id, key, insight, summary, sentiment });
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
