import type { StuckWebhookEvent, WebhookEvent } from '../../webhooks/index.ts';

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

/** How long, in the largest whole units: 42s, 7m 5s, 3h 12m. */
const duration = (seconds: number): string =>
  seconds < 60
    ? `${seconds}s`
    : seconds < 3600
      ? `${Math.floor(seconds / 60)}m ${seconds % 60}s`
      : `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;

const stuckRow = (e: StuckWebhookEvent): string =>
  [
    String(e.id).padStart(6),
    e.status.padEnd(10),
    e.source.padEnd(11),
    (e.topic ?? '-').padEnd(26),
    `${e.status} for ${duration(e.stuck_seconds)}`.padEnd(24),
    `since ${e.since.toISOString()}`,
    `attempts ${e.attempts}`,
  ].join('  ');

/** `webhooks list --stuck`: events pending or processing for longer than the threshold. */
export const stuckList = (events: StuckWebhookEvent[], olderThanSeconds: number): string =>
  events.length === 0
    ? `No webhooks pending or processing for longer than ${duration(olderThanSeconds)}.`
    : events.map(stuckRow).join('\n');

/** `webhooks replay --json`. */
export const replayedJson = (event: WebhookEvent) => ({
  replayed: { id: event.id, source: event.source, topic: event.topic, status: event.status },
});

/** `webhooks replay`: the event queued again. */
export const replayed = (event: WebhookEvent): string =>
  `Queued webhook ${event.id} (${event.source} ${event.topic ?? ''}) again; the worker processes it next.`;
