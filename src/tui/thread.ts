/** Pure: a conversation's thread (messages with status and time, the recovered order's evidence) as lines. */
import type { ConversationThread } from '../analytics/index.ts';
import type { OrderExplanation } from '../attribution/index.ts';
import { money, oneLine } from './format.ts';
import type { Line, ThreadView } from './types.ts';

const stamp = (d: Date | null): string => (d ? d.toISOString().slice(0, 16).replace('T', ' ') : '-');

export function threadView(
  thread: ConversationThread,
  order: OrderExplanation | null,
  phone: string | null,
): ThreadView {
  const c = thread.conversation;
  const name = [c.given_name, c.family_name].filter(Boolean).join(' ') || 'shopper';
  const lines: Line[] = [
    {
      text: `${name} ${phone ?? ''} · workflow ${c.workflow_name ?? '-'} · started ${stamp(c.created_at)} UTC`,
      tone: 'dim',
    },
  ];
  if (thread.messages.length === 0) lines.push({ text: 'No messages yet.', tone: 'dim' });
  for (const m of thread.messages) {
    const at = m.direction === 'incoming' ? m.created_at : (m.sent_at ?? m.scheduled_for ?? m.created_at);
    const who = m.direction === 'incoming' ? '<' : '>';
    lines.push({
      text: `${stamp(at)} ${who} ${m.status}: ${oneLine(m.body)}`,
      tone:
        m.status === 'failed' || m.status === 'undelivered' ? 'bad' : m.direction === 'incoming' ? 'good' : undefined,
    });
    if (m.status_reason) lines.push({ text: `                   ${oneLine(m.status_reason)}`, tone: 'dim' });
  }
  if (order) {
    const o = order.order;
    lines.push({ text: `Order ${o.number ?? o.id}: ${money(o.total, o.currency)} · ${o.state}`, tone: 'title' });
    lines.push({ text: order.summary, tone: order.billed ? 'good' : undefined });
    for (const item of order.decision?.items ?? [])
      lines.push({
        text: `  ${item.counted ? '✓' : '·'} ${item.kind} ${item.code ?? item.id} ${item.hours_before}h before (window ${item.window_hours}h): ${item.reason}`,
        tone: item.counted ? 'good' : 'dim',
      });
  }
  return { title: `Conversation ${c.id}`, lines };
}
