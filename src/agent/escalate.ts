/**
 * An escalation: the question recorded in conversation_escalations (one open escalation per
 * conversation: a second question while the first waits joins it), the brand's team notified in the
 * panel and, with Slack connected and a channel chosen, on Slack.
 */
import { publicBaseUrl, type AppContext } from '../app/index.ts';
import { createEscalation } from '../conversations/index.ts';
import { connectedSlack, postToSlack } from '../integrations/index.ts';
import { raiseAgentEscalation } from '../notifications/index.ts';
import { REASONS, type ReasonCode } from './rules.ts';
import { updateDecision, type DecisionRow } from './store-decisions.ts';

export async function escalate(
  ctx: AppContext,
  { decision, question, open }: { decision: DecisionRow; question: string; open: number | null },
): Promise<number> {
  const why = REASONS[decision.reason as ReasonCode] ?? decision.reason;
  const escalationId =
    open ??
    (await createEscalation(ctx.db, { brandId: decision.brand_id, conversationId: decision.conversation_id, question }))
      .id;
  await updateDecision(ctx.db, decision.id, { escalation_id: escalationId });
  if (open !== null) return escalationId;
  await raiseAgentEscalation(ctx.db, {
    brandId: decision.brand_id,
    conversationId: decision.conversation_id,
    escalationId,
    question,
    why,
  });
  const slack = ctx.config.SLACK_CLIENT_ID ? await connectedSlack(ctx, decision.brand_id) : undefined;
  if (slack && typeof slack.link.settings.channel_id === 'string') {
    const link = `${publicBaseUrl(ctx.config)}/b/${decision.brand_id}/conversations/${decision.conversation_id}`;
    try {
      await postToSlack(ctx, {
        brandId: decision.brand_id,
        text: `A shopper needs an answer: "${question.slice(0, 300)}"\n${why}\n<${link}|Open the conversation>`,
      });
    } catch (error) {
      ctx.logger.child({ brand_id: decision.brand_id }).warn({ err: error }, 'agent escalation not posted to Slack');
    }
  }
  return escalationId;
}
