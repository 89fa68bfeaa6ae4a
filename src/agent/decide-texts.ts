/**
 * Decisions on stored shopper texts, several at a time: the 'agent:decide' job (a batch of the
 * texts the inbound path queued while the previous batch ran), `agent run` and decideText. Each
 * text gets exactly what decide.ts's rules give it alone, with the reads and writes shared: one
 * read of the texts (with their words, their conversations, the brands' settings, the takeover, the
 * replies already sent and the open escalation), one of their cards; then one transaction (one
 * commit) for the writes: the decisions in one statement, the escalations and their notifications,
 * the replies queued (queueAgentReplies: the same channel checks per reply) and their deliveries.
 * A failure rolls the round back: each of its texts is then tried again on its own (decideQueued).
 * Texts of the same conversation are decided one after the other (rounds), so the daily cap, the
 * disclosure of the first reply and an open escalation see the decision before them.
 */
import type { AppContext } from '../app/index.ts';
import { withTransaction } from '../db/index.ts';
import { queueAgentReplies, queueAgentRepliesSend } from '../conversations/index.ts';
import { enqueueJobs } from '../jobs/index.ts';
import { llmFromConfig, understand, type Understanding } from '../insights/index.ts';
import { applyDiscountRule, asksForDiscount, type DiscountOffer } from './discount.ts';
import { think, type DecideOptions } from './decide.ts';
import { rankCardsOf } from './rank.ts';
import { escalateAll, postEscalations } from './escalate.ts';
import { DEFAULT_SETTINGS, effectiveMode, withDisclosure, type AgentMode, type InboundAction } from './rules.ts';
import { discountOffer, findTexts, type TextToDecide } from './store.ts';
import {
  findDecisions,
  insertDecisions,
  updateDecision,
  updateDeliveries,
  type DecisionRow,
  type DeliveryPatch,
  type NewDecision,
} from './store-decisions.ts';
import { factsOf } from './validate.ts';

const NO_OFFER: DiscountOffer = { rule: null, code: null, offeredBefore: false };

/** A text's outcome: its decision (null: the agent is off, or no shopper text), or the error it met. */
export type TextOutcome = { decision: DecisionRow | null } | { error: Error };

const readingOf = (u: Understanding): Record<string, unknown> => ({
  topic: u.topic,
  stage: u.stage,
  intent: u.intent,
  sentiment: u.sentiment,
  question: u.question,
  small_talk: u.smallTalk,
  opt_out: u.optOut,
  person: u.person,
  product: u.product,
  order: u.order,
});

/** Decides on one stored shopper text; null when the brand's agent is off (or the text is not a shopper's). */
export async function decideText(
  ctx: AppContext,
  { messageId }: { messageId: number },
  options: DecideOptions = {},
): Promise<DecisionRow | null> {
  const outcome = (await decideTexts(ctx, [messageId], options)).get(messageId)!;
  if ('error' in outcome) throw outcome.error;
  return outcome.decision;
}

/** Decides on each of the texts (a repeated id once); each text's outcome by message id. */
export async function decideTexts(
  ctx: AppContext,
  messageIds: number[],
  options: DecideOptions = {},
): Promise<Map<number, TextOutcome>> {
  const now = options.now ?? new Date();
  const outcomes = new Map<number, TextOutcome>();
  let pending = [...new Set(messageIds)].sort((a, b) => a - b);
  while (pending.length > 0) {
    const ids = pending;
    pending = [];
    try {
      const texts = await findTexts(ctx.db, ids, now);
      const found = new Set(texts.map((t) => t.id));
      for (const id of ids) if (!found.has(id)) outcomes.set(id, { decision: null });
      const decided = texts.filter((t) => t.decided).map((t) => t.id);
      const rows = await findDecisions(ctx.db, decided);
      for (const id of decided) outcomes.set(id, { decision: rows.get(id) ?? null });
      // This round: the first undecided text of each conversation; the others wait for the next one.
      const round = new Map<number, TextToDecide>();
      for (const t of texts) if (!t.decided && !round.has(t.conversation_id)) round.set(t.conversation_id, t);
      const inRound = new Set([...round.values()].map((t) => t.id));
      const later = texts.filter((t) => !t.decided && !inRound.has(t.id));
      try {
        for (const [id, o] of await decideRound(ctx, [...round.values()], options, now)) outcomes.set(id, o);
      } catch (error) {
        for (const id of inRound) outcomes.set(id, { error: error as Error });
      }
      // A conversation whose text failed keeps its later texts for their own retries, in order.
      const failed = new Set(
        [...round.values()].filter((t) => 'error' in outcomes.get(t.id)!).map((t) => t.conversation_id),
      );
      for (const t of later)
        if (failed.has(t.conversation_id))
          outcomes.set(t.id, { error: new Error('An earlier text of the conversation was not decided.') });
        else pending.push(t.id);
    } catch (error) {
      for (const id of ids) if (!outcomes.has(id)) outcomes.set(id, { error: error as Error });
    }
  }
  return outcomes;
}

interface Planned {
  text: TextToDecide;
  mode: AgentMode;
  row: NewDecision;
  reply: string | null;
  hadOpen: number | null;
}

/** The decisions on texts of distinct conversations, none decided yet. */
async function decideRound(
  ctx: AppContext,
  texts: TextToDecide[],
  options: DecideOptions,
  now: Date,
): Promise<Map<number, TextOutcome>> {
  const outcomes = new Map<number, TextOutcome>();
  const llm = options.llm === undefined ? llmFromConfig(ctx) : options.llm;
  const live = texts.flatMap((text) => {
    const stored = text.settings;
    const settings = {
      mode: stored?.mode ?? DEFAULT_SETTINGS.mode,
      disclosure: stored?.disclosure ?? null,
      holdingReply: stored?.holding_reply ?? null,
      maxRepliesPerDay: stored?.max_replies_per_day ?? DEFAULT_SETTINGS.maxRepliesPerDay,
    };
    const mode = effectiveMode(settings.mode, text.agents_response);
    if (mode === 'off') {
      outcomes.set(text.id, { decision: null });
      return [];
    }
    const action = (['opt_out', 'help', 'opt_in'].includes(text.action) ? text.action : 'reply') as InboundAction;
    const reading = understand(text.body, {
      cart: { products: text.cart_products, ordered: text.cart_ordered },
      lastOutgoing: text.last_outgoing,
    });
    return [{ text, settings, mode, action, reading, humanActive: action === 'reply' && text.person_replied }];
  });
  // The cards of the texts that ask (their words read with the texts), found for all of them at once.
  const asking = live.filter((l) => l.action === 'reply' && !l.humanActive);
  const ranked = await rankCardsOf(
    ctx,
    asking.map((l) => ({ brandId: l.text.brand_id, text: l.text.body, words: l.text.words })),
  );
  const candidates = new Map(asking.map((l, i) => [l, ranked[i]!]));

  const thoughts: (Omit<Planned, 'hadOpen' | 'row'> & { l: (typeof live)[number]; decision: Planned['row'] })[] = [];
  for (const l of live) {
    const { text } = l;
    try {
      const thought = await think(ctx, {
        brandId: text.brand_id,
        text: text.body,
        action: l.action,
        reading: l.reading,
        humanActive: l.humanActive,
        repliesToday: text.replies_today,
        maxRepliesPerDay: l.settings.maxRepliesPerDay,
        cart: [...text.cart_products, text.last_outgoing ?? ''].filter(Boolean).join('\n'),
        llm,
        candidates: candidates.get(l) ?? [],
      });
      // A discount only as the workflow's rule allows, once, with the code it made (discount.ts).
      const codeInPlay =
        asksForDiscount(text.body) || (thought.reply !== null && factsOf(thought.reply).some((f) => f.kind === 'code'));
      const offer = codeInPlay ? await discountOffer(ctx.db, text.conversation_id) : NO_OFFER;
      const ruled = applyDiscountRule({ text: text.body, decision: thought.decision, reply: thought.reply, offer });
      thoughts.push({
        l,
        text,
        mode: l.mode,
        reply: ruled.reply,
        decision: {
          brand_id: text.brand_id,
          conversation_id: text.conversation_id,
          message_id: text.id,
          decision: ruled.decision.decision,
          mode: l.mode,
          reply: null,
          delivery: null,
          delivery_reason: null,
          reply_message_id: null,
          sources: ruled.decision.sources,
          confidence: ruled.decision.confidence,
          reason: ruled.decision.reason,
          reading: readingOf(l.reading),
          escalation_id: null,
          writer: thought.writer,
        },
      });
    } catch (error) {
      outcomes.set(text.id, { error: error as Error });
    }
  }

  const planned: Planned[] = thoughts.map((t) => {
    const escalated = t.decision.decision === 'escalated';
    const hadOpen = escalated ? t.text.open_escalation : null;
    let reply = t.reply;
    if (escalated && t.decision.reason !== 'cap' && hadOpen === null && t.mode === 'auto')
      reply = t.l.settings.holdingReply;
    if (reply !== null) reply = withDisclosure(reply, t.l.settings.disclosure, t.text.replies_ever === 0);
    const row = {
      ...t.decision,
      reply,
      delivery: reply === null ? null : t.mode === 'draft' ? 'draft' : null,
    };
    return { text: t.text, mode: t.mode, row, reply, hadOpen };
  });

  // Every write of the round in one transaction (one commit): the decisions, the escalations and
  // their notifications, the replies queued and their deliveries; Slack after it commits.
  const { fresh, queued } = await withTransaction(ctx.db, async (tx) => {
    const inTx: AppContext = { ...ctx, db: tx };
    const saved = new Map(
      (
        await insertDecisions(
          tx,
          planned.map((p) => p.row),
        )
      ).map((r) => [r.message_id, r]),
    );
    // A text decided meanwhile by another run keeps that run's decision.
    const raced = planned.filter((p) => !saved.has(p.text.id)).map((p) => p.text.id);
    for (const [id, row] of await findDecisions(tx, raced)) outcomes.set(id, { decision: row });
    const recorded = planned.flatMap((p) => {
      const row = saved.get(p.text.id);
      return row ? [{ p, row }] : [];
    });
    // The escalations together (a new one, or the conversation's open one), before any reply is queued.
    const escalated = recorded.filter(({ row }) => row.decision === 'escalated');
    const escalations = await escalateAll(
      inTx,
      escalated.map(({ p, row }) => ({ decision: row, question: p.text.body, open: p.hadOpen })),
    );
    escalated.forEach(({ row }, i) => (row.escalation_id = escalations.ids[i]!));
    const toSend: { p: Planned; row: DecisionRow }[] = [];
    for (const { p, row } of recorded) {
      if (p.reply !== null && p.mode === 'auto' && options.notSentReason) {
        const patch = { delivery: 'not_sent', delivery_reason: options.notSentReason };
        await updateDecision(tx, row.id, patch);
        Object.assign(row, patch);
      } else if (p.reply !== null && p.mode === 'auto') toSend.push({ p, row });
      outcomes.set(p.text.id, { decision: row });
    }
    await deliver(inTx, toSend, now, outcomes);
    return { fresh: escalations.fresh, queued: toSend.some(({ row }) => row.delivery === 'queued') };
  });
  // The send job after the commit (not holding its row for the transaction's length): see queueAgentRepliesSend.
  if (queued) await queueAgentRepliesSend(ctx.db);
  await postEscalations(ctx, fresh);
  return outcomes;
}

/** Queues the replies through the send job; a channel that may not be texted, or a text too old, is recorded as not sent. */
async function deliver(
  ctx: AppContext,
  toSend: { p: Planned; row: DecisionRow }[],
  now: Date,
  outcomes: Map<number, TextOutcome>,
): Promise<void> {
  const results = await queueAgentReplies(
    ctx.db,
    toSend.map(({ p, row }) => ({
      brandId: row.brand_id,
      conversationId: row.conversation_id,
      body: p.reply!,
      extra: { agent_decision_id: row.id, agent_sources: row.sources },
    })),
    now,
    { queueSend: false },
  );
  const patches: (DeliveryPatch & { id: number })[] = [];
  toSend.forEach(({ row }, i) => {
    const result = results[i]!;
    if ('error' in result) {
      outcomes.set(row.message_id, { error: result.error });
      return;
    }
    const patch: DeliveryPatch =
      'messageId' in result
        ? { delivery: 'queued', delivery_reason: null, reply_message_id: result.messageId }
        : { delivery: 'not_sent', delivery_reason: result.refused, reply_message_id: null };
    patches.push({ id: row.id, ...patch });
    Object.assign(row, patch);
  });
  await updateDeliveries(ctx.db, patches);
}

/** Seconds before a text whose decision failed in a batch is tried again, in a job of its own. */
export const RETRY_SECONDS = 10;

/**
 * The 'agent:decide' job: one text (a job of its own, retried by the queue when it fails), or a
 * batch. In a batch a text that fails gets a job of its own, retried with the queue's backoff, and
 * the others are not held back or decided twice (a batch's own retries are not relied on: queueing
 * to a batch that is running takes them away).
 */
export async function decideQueued(
  ctx: AppContext,
  payload: { messageId: number } | { messageId: number }[],
): Promise<void> {
  if (!Array.isArray(payload)) {
    await decideText(ctx, payload);
    return;
  }
  const outcomes = await decideTexts(
    ctx,
    payload.map((p) => p.messageId),
  );
  const failed = [...outcomes]
    .flatMap(([id, o]) => ('error' in o ? [{ id, error: o.error }] : []))
    .sort((a, b) => a.id - b.id);
  if (failed.length === 0) return;
  for (const { id, error } of failed)
    ctx.logger.warn({ err: error, message_id: id }, 'agent decision failed; the text is retried on its own');
  const runAt = new Date(Date.now() + RETRY_SECONDS * 1000);
  await enqueueJobs(
    ctx.db,
    failed.map(({ id }) => ({
      task: 'agent:decide' as const,
      payload: { messageId: id },
      options: { jobKey: `agent:decide:${id}`, runAt },
    })),
  );
}
