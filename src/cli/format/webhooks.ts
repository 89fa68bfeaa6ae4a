import type { WebhookEvent } from '../../webhooks/index.ts';

const eventRow = (e: WebhookEvent): string =>
  [
    String(e.id).padStart(6),
    e.status.padEnd(10),
    e.source.padEnd(11),
    (e.topic ?? '-').padEnd(26),
    e.received_at.toISOString(),
    `attempts ${e.attempts}`,
    e.last_error ? `- ${e.last_error.slice(0, 80)}` : '',
  ]
    .join('  ')
    .trimEnd();

/** `webhooks list`: one row per event; `failedOnly` picks the empty-list line. */
export const webhookList = (events: WebhookEvent[], failedOnly: boolean): string =>
  events.length === 0
    ? failedOnly
      ? 'No failed webhooks.'
      : 'No webhooks received yet.'
    : events.map(eventRow).join('\n');

/** `webhooks replay --json`. */
export const replayedJson = (event: WebhookEvent) => ({
  replayed: { id: event.id, source: event.source, topic: event.topic, status: event.status },
});

/** `webhooks replay`: the event queued again. */
export const replayed = (event: WebhookEvent): string =>
  `Queued webhook ${event.id} (${event.source} ${event.topic ?? ''}) again; the worker processes it next.`;
