/**
 * Insight handling (spec 4 section 4; spec 3 sections 3 and 9): for each shopper message exactly
 * one of three outcomes, the insight categories and tags, the sentiments, the neutral summary and
 * the error text, verbatim. Pure: no I/O.
 */
import { z } from 'zod';

/** Spec 3 section 9: insight categories. */
export const INSIGHT_CATEGORIES = ['product', 'blocker', 'post_purchase'] as const;
export type InsightCategory = (typeof INSIGHT_CATEGORIES)[number];

/** Spec 3 section 3: insight tags ('new' for a topic none of the others names). */
export const INSIGHT_TAGS = [
  'checkout',
  'comparison',
  'discount',
  'exchanges',
  'price',
  'returns',
  'shipping',
  'specifications',
  'new',
] as const;
export type InsightTag = (typeof INSIGHT_TAGS)[number];

export const SENTIMENTS = ['positive', 'negative', 'neutral'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

/** Spec 4 section 4, outcome 3, verbatim. */
export const NEUTRAL_SUMMARY = 'A typical conversation between our agent and the customer.';
/** Spec 4 section 4 and section 8, verbatim. */
export const BRAND_INSIGHT_NOT_FOUND = 'Brand insight not found for the id';
/** Spec 3 section 9: insight batch default day value 5. */
export const DEFAULT_BATCH_DAYS = 5;
export const MAX_BATCH_DAYS = 365;

/** A shopper message to analyse, with the conversation's texts before it (oldest first). */
export interface ShopperMessage {
  id: number;
  conversationId: number;
  body: string;
  context: { direction: 'incoming' | 'outgoing'; body: string }[];
}

/** A brand insight messages can be linked to. */
export interface KnownInsight {
  id: number;
  topic: string | null;
  body: string | null;
  category: InsightCategory;
  tag: string | null;
}

/** A new insight proposed by the analyser. */
export interface ProposedInsight {
  topic: string;
  body: string;
  proposedSolution: string;
  category: InsightCategory;
  tag: InsightTag;
}

export type Outcome =
  | {
      kind: 'linked';
      messageId: number;
      insightId: number;
      summary: string;
      sentiment: Sentiment;
      /** The insight's question and body rewritten, when the analyser proposes it. */
      rewrite?: { topic: string; body: string };
    }
  | {
      kind: 'new';
      messageId: number;
      /** Messages of one run with the same key share one new insight. */
      key: string;
      insight: ProposedInsight;
      summary: string;
      sentiment: Sentiment;
    }
  | { kind: 'none'; messageId: number; summary: typeof NEUTRAL_SUMMARY; sentiment: Sentiment };

export const noneOutcome = (messageId: number, sentiment: Sentiment = 'neutral'): Outcome => ({
  kind: 'none',
  messageId,
  summary: NEUTRAL_SUMMARY,
  sentiment,
});

/** What an analyser reports for a set of messages. */
export interface Analysis {
  outcomes: Outcome[];
  /** Messages left without an outcome (a malformed model answer after its retry): read again next run. */
  skipped: number[];
  modelCalls: number;
  cachedCalls: number;
  promptTokens: number;
  completionTokens: number;
}

export interface Analyser {
  readonly name: string;
  /** Messages handed to one analyse() call (the batch writes after each); default 1,000. */
  readonly pageSize?: number;
  /** Texts of the conversation before each message the analyser reads; 0 (the default) loads none. */
  readonly contextTexts?: number;
  analyse(input: { insights: readonly KnownInsight[]; messages: readonly ShopperMessage[] }): Promise<Analysis>;
}

/** The structured answer asked of a model for a batch of messages (strict: every field present). */
export const modelAnswerSchema = z.object({
  results: z.array(
    z.object({
      message_id: z.number().int(),
      outcome: z.enum(['link', 'new', 'none']),
      /** outcome link: the id of one of the brand's insights listed. */
      insight_id: z.number().int().nullable(),
      /** outcome new: messages of this batch about the same topic share a key. */
      new_key: z.string().nullable(),
      topic: z.string().nullable(),
      body: z.string().nullable(),
      proposed_solution: z.string().nullable(),
      category: z.enum(INSIGHT_CATEGORIES).nullable(),
      tag: z.enum(INSIGHT_TAGS).nullable(),
      summary: z.string(),
      sentiment: z.enum(SENTIMENTS),
      /** outcome link: an improved question and body for the insight, or null to keep them. */
      rewrite_topic: z.string().nullable(),
      rewrite_body: z.string().nullable(),
    }),
  ),
});
export type ModelAnswer = z.output<typeof modelAnswerSchema>;

/** The first sentence of a text, at most `max` characters (for topics and summaries). */
export function excerpt(text: string, max = 140): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const sentence = /^(.+?[?!.])(\s|$)/.exec(clean)?.[1] ?? clean;
  return [...sentence].length <= max ? sentence : `${[...sentence].slice(0, max - 1).join('')}…`;
}
