/**
 * The model analyser: a batch of shopper messages (with the texts before each) and the brand's
 * insights go to the LLM provider in one structured call; the answer gives each message one of the
 * three outcomes. A link to an id that is not among the brand's insights ('Brand insight not found
 * for the id') is asked again once with the list restated, then recorded as none and logged. An
 * answer that stays malformed after the provider's retry leaves the batch's messages without an
 * outcome (skipped, logged): the next run reads them again.
 */
import type { Logger } from '../../app/index.ts';
import { LlmOutputError, type LlmMessage, type LlmProvider } from '../llm/index.ts';
import {
  BRAND_INSIGHT_NOT_FOUND,
  excerpt,
  INSIGHT_CATEGORIES,
  INSIGHT_TAGS,
  modelAnswerSchema,
  NEUTRAL_SUMMARY,
  noneOutcome,
  type Analyser,
  type Analysis,
  type KnownInsight,
  type ModelAnswer,
  type Outcome,
  type ShopperMessage,
} from './rules.ts';

/** Messages per model call. */
export const LLM_BATCH_SIZE = 20;
/** The brand's insights listed in a call (most recently updated first). */
export const LLM_MAX_INSIGHTS = 100;
/** Texts of the conversation shown before a message. */
export const LLM_CONTEXT_TEXTS = 4;
const TEXT_MAX = 500;

export const SYSTEM_PROMPT = [
  "You turn what shoppers text an online store into the brand's FAQ-like insights.",
  'For each message choose exactly one outcome:',
  '- "link": it asks or says the same as one of the listed insights; give its insight_id (only ids from the list). You may give rewrite_topic and rewrite_body when the insight would read better; else null.',
  '- "new": a question or problem worth an insight that no listed insight covers; give topic (the question, short), body (what shoppers want to know or what goes wrong), proposed_solution (what the brand can do), category, tag, and a new_key shared by the messages of this batch about the same topic.',
  `- "none": small talk, thanks, greetings, or nothing a brand can act on; summary "${NEUTRAL_SUMMARY}".`,
  `Categories: ${INSIGHT_CATEGORIES.join(', ')} (product: a question before buying; blocker: something stopping the purchase; post_purchase: after an order).`,
  `Tags: ${INSIGHT_TAGS.join(', ')} ("new" when none of the others fits).`,
  'For every message give a one-sentence summary and its sentiment (positive, negative, neutral). Fields that do not apply are null.',
].join('\n');

const clip = (text: string): string =>
  [...text].length <= TEXT_MAX ? text : `${[...text].slice(0, TEXT_MAX).join('')}…`;

/** The chat messages of one call: instructions, then the insights and the messages as JSON. */
export function batchPrompt(
  insights: readonly KnownInsight[],
  messages: readonly ShopperMessage[],
  note?: string,
): LlmMessage[] {
  const payload = {
    insights: insights.map((i) => ({ id: i.id, topic: i.topic, body: i.body, category: i.category, tag: i.tag })),
    messages: messages.map((m) => ({
      message_id: m.id,
      before: m.context
        .slice(-LLM_CONTEXT_TEXTS)
        .map((c) => `${c.direction === 'incoming' ? 'shopper' : 'agent'}: ${clip(c.body)}`),
      text: clip(m.body),
    })),
  };
  return [
    { role: 'system', content: note ? `${SYSTEM_PROMPT}\n${note}` : SYSTEM_PROMPT },
    { role: 'user', content: JSON.stringify(payload) },
  ];
}

type Result = ModelAnswer['results'][number];

function toOutcome(message: ShopperMessage, r: Result | undefined, batchKey: string): Outcome | 'unknown_insight' {
  if (!r) return noneOutcome(message.id);
  const summary = r.summary.trim() || excerpt(message.body);
  if (r.outcome === 'link') {
    if (r.insight_id === null) return 'unknown_insight';
    const rewrite =
      r.rewrite_topic?.trim() && r.rewrite_body?.trim()
        ? { topic: r.rewrite_topic.trim(), body: r.rewrite_body.trim() }
        : undefined;
    return {
      kind: 'linked',
      messageId: message.id,
      insightId: r.insight_id,
      summary,
      sentiment: r.sentiment,
      ...(rewrite ? { rewrite } : {}),
    };
  }
  if (r.outcome === 'new' && r.category && r.tag) {
    return {
      kind: 'new',
      messageId: message.id,
      key: `${batchKey}:${r.new_key?.trim() || message.id}`,
      insight: {
        topic: r.topic?.trim() || excerpt(message.body, 120),
        body: r.body?.trim() || summary,
        proposedSolution: r.proposed_solution?.trim() || '',
        category: r.category,
        tag: r.tag,
      },
      summary,
      sentiment: r.sentiment,
    };
  }
  return noneOutcome(message.id, r.sentiment);
}

export function llmAnalyser(
  llm: LlmProvider,
  { logger, batchSize = LLM_BATCH_SIZE }: { logger?: Logger; batchSize?: number } = {},
): Analyser {
  const log = logger?.child({ analyser: 'llm', model: llm.model });
  return {
    name: `llm:${llm.model}`,
    pageSize: batchSize,
    contextTexts: LLM_CONTEXT_TEXTS,
    async analyse({ insights, messages }): Promise<Analysis> {
      const analysis: Analysis = {
        outcomes: [],
        skipped: [],
        modelCalls: 0,
        cachedCalls: 0,
        promptTokens: 0,
        completionTokens: 0,
      };
      const listed = insights.slice(0, LLM_MAX_INSIGHTS);
      const ids = new Set(listed.map((i) => i.id));
      const ask = async (chunk: readonly ShopperMessage[], note?: string): Promise<Map<number, Result> | undefined> => {
        try {
          const answer = await llm.structured({
            name: 'insight_batch',
            schema: modelAnswerSchema,
            messages: batchPrompt(listed, chunk, note),
          });
          analysis.modelCalls += answer.calls;
          if (answer.cached) analysis.cachedCalls += 1;
          analysis.promptTokens += answer.usage.promptTokens;
          analysis.completionTokens += answer.usage.completionTokens;
          return new Map(answer.value.results.map((r) => [r.message_id, r]));
        } catch (error) {
          if (!(error instanceof LlmOutputError)) throw error;
          analysis.modelCalls += error.calls;
          analysis.promptTokens += error.usage.promptTokens;
          analysis.completionTokens += error.usage.completionTokens;
          log?.warn(
            { messages: chunk.map((m) => m.id), reason: error.details?.reason },
            'messages skipped: the model answer stayed malformed',
          );
          analysis.skipped.push(...chunk.map((m) => m.id));
          return undefined;
        }
      };
      for (let start = 0; start < messages.length; start += batchSize) {
        const chunk = messages.slice(start, start + batchSize);
        const batchKey = `llm:${chunk[0]!.id}`;
        const results = await ask(chunk);
        if (!results) continue;
        const retry: ShopperMessage[] = [];
        for (const message of chunk) {
          const outcome = toOutcome(message, results.get(message.id), batchKey);
          if (outcome === 'unknown_insight' || (outcome.kind === 'linked' && !ids.has(outcome.insightId)))
            retry.push(message);
          else analysis.outcomes.push(outcome);
        }
        if (retry.length === 0) continue;
        const bad = retry.map((m) => results.get(m.id)?.insight_id ?? null);
        const note = `${BRAND_INSIGHT_NOT_FOUND}: ${bad.join(', ')}. Link only to these insight ids: ${[...ids].join(', ') || 'none (there are no insights yet)'}.`;
        const again = await ask(retry, note);
        if (!again) continue;
        for (const message of retry) {
          const outcome = toOutcome(message, again.get(message.id), `${batchKey}:retry`);
          if (outcome === 'unknown_insight' || (outcome.kind === 'linked' && !ids.has(outcome.insightId))) {
            log?.warn(
              { message_id: message.id, insight_id: again.get(message.id)?.insight_id ?? null },
              BRAND_INSIGHT_NOT_FOUND,
            );
            analysis.outcomes.push(noneOutcome(message.id, again.get(message.id)?.sentiment));
          } else analysis.outcomes.push(outcome);
        }
      }
      return analysis;
    },
  };
}
