import type { ReceiveResult, UnroutedText } from '../../conversations/index.ts';
import type { SendDueResult } from '../../messaging/index.ts';

/** `messages receive`: what the shopper's text did. */
export function receivedMessage(r: ReceiveResult): string {
  if (r.outcome === 'ignored') return 'Ignored: the sender is not a +1 number the brand knows.';
  if (r.duplicate) return `Already received (message ${r.messageId}); nothing applied again.`;
  const what: Record<string, string> = {
    opt_out: r.subscriptionChanged
      ? `opt-out (${r.keyword}): channel unsubscribed, ${r.skippedMessages} queued message(s) skipped`
      : `opt-out (${r.keyword}): already unsubscribed`,
    opt_in: r.subscriptionChanged
      ? `opt-in (${r.keyword}): channel subscribed again`
      : `opt-in (${r.keyword}): no change`,
    help: `help (${r.keyword})`,
    reply: 'reply: conversation engaged and visible, team notification queued',
  };
  return `Stored in conversation ${r.conversationId} (brand ${r.brandId}${r.createdContact ? ', new contact' : ''}): ${what[r.action ?? 'reply']}.${r.reply ? ` Answer ${r.reply.status}: "${r.reply.body}"` : ''}`;
}

/** `messages send-due`: the counts of one pass of the send job. */
export function sendDueCounts(result: SendDueResult, provider: string): string {
  const failed = result.failed > 0 ? `, ${result.failed} failed` : '';
  return `Sent ${result.sent}, deferred ${result.deferred}, skipped ${result.skipped}${failed} (provider: ${provider}).`;
}

const REASONS: Record<string, string> = {
  unknown_number: 'no brand uses the number',
  ambiguous_number: 'several brands give the number',
};

/** `messages unrouted`: one line per text no one brand owned the number of, newest first. */
export function unroutedLines(texts: UnroutedText[]): string[] {
  if (texts.length === 0) return ['No unrouted texts.'];
  return texts.map(
    (text) =>
      `${text.receivedAt.toISOString()}  ${text.from} -> ${text.to}  (${REASONS[text.reason] ?? text.reason}, ${text.provider}${text.providerMessageId ? ` ${text.providerMessageId}` : ''})  ${JSON.stringify(text.body)}`,
  );
}
