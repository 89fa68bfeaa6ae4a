/**
 * A fake Infobip on 127.0.0.1 speaking the SMS API's wire format: `POST /sms/3/messages` with
 * `Authorization: App {key}`, the v3 request ({ messages: [{ sender, destinations: [{ to }],
 * content: { text }, webhooks? }] }) and answer ({ bulkId, messages: [{ messageId, status,
 * destination, details }] }), v3 error bodies ({ errorCode, description, action, violations }),
 * 429 with Retry-After. It can build the delivery reports Infobip would POST back.
 */
import { randomUUID } from 'node:crypto';
import { createFakeRegistration, type FakeRegistration } from './infobip-registration.ts';
import { readRequest, sendJson, startServer, type Json, type RecordedRequest } from './server.ts';

export interface AcceptedSms {
  messageId: string;
  sender: string;
  to: string;
  text: string;
  webhooks: Json | undefined;
  at: number;
}

export interface FakeInfobip {
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  accepted: AcceptedSms[];
  /**
   * The next `times` send requests answer `status` (429 gets Retry-After when given). With `echo`
   * the error's description quotes the refused destination and text, as some Infobip errors do.
   */
  failNext(status: number, times?: number, options?: { retryAfter?: string; echo?: boolean }): void;
  /** The body Infobip POSTs to the delivery-report URL for accepted messages. */
  deliveryReport(
    reports: Array<{
      messageId: string;
      to?: string;
      groupName: string;
      name: string;
      description?: string;
      errorName?: string;
    }>,
  ): Json;
  /** The number registration, numbers and inbound-configuration APIs (infobip-registration.ts). */
  registration: FakeRegistration;
  close(): Promise<void>;
}

const STATUS_PENDING = {
  groupId: 1,
  groupName: 'PENDING',
  id: 26,
  name: 'PENDING_ACCEPTED',
  description: 'Message sent to next instance',
};
const GROUP_IDS: Record<string, number> = { PENDING: 1, UNDELIVERABLE: 2, DELIVERED: 3, EXPIRED: 4, REJECTED: 5 };

const errorBody = (errorCode: string, description: string, violations: Json[] = []): Json => ({
  errorCode,
  description,
  action:
    errorCode === 'E401'
      ? 'Check the API key and the Authorization header.'
      : 'Check the syntax, violations and adjust the request.',
  violations,
  resources: [],
});

export async function startFakeInfobip({
  apiKey = 'test-infobip-api-key',
}: { apiKey?: string } = {}): Promise<FakeInfobip> {
  const requests: RecordedRequest[] = [];
  const accepted: AcceptedSms[] = [];
  const failures: Array<{ status: number; retryAfter?: string; echo?: boolean }> = [];
  const registration = createFakeRegistration(apiKey);

  const server = await startServer(async (req, res) => {
    const request = await readRequest(req, 'json');
    if (await registration.handle(request, res)) return;
    requests.push(request);
    const { body, path } = request;
    if (request.method !== 'POST' || path !== '/sms/3/messages')
      return sendJson(res, 404, errorBody('E404', 'Resource not found.'));
    if (request.headers.authorization !== `App ${apiKey}`)
      return sendJson(res, 401, errorBody('E401', 'Invalid login details'));
    const failure = failures.shift();
    if (failure) {
      const headers: Record<string, string> = failure.retryAfter ? { 'retry-after': failure.retryAfter } : {};
      const first = ((body as Json | undefined)?.messages as Json[] | undefined)?.[0];
      const refused = {
        to: (first?.destinations as Json[] | undefined)?.[0]?.to,
        text: (first?.content as Json | undefined)?.text,
      };
      const described = failure.echo
        ? errorBody(`E${failure.status}`, `Invalid destination address in ${JSON.stringify(refused)}`, [
            { property: 'messages[0].destinations[0].to', violation: `${String(refused.to)} is not a valid number` },
          ])
        : failure.status === 429
          ? errorBody('E429', 'Too many requests')
          : errorBody(`E${failure.status}`, 'Internal server error');
      return sendJson(res, failure.status, described, headers);
    }
    const messages = (body as Json | undefined)?.messages;
    if (!Array.isArray(messages) || messages.length === 0)
      return sendJson(
        res,
        400,
        errorBody('E400', 'Request cannot be processed.', [{ property: 'messages', violation: 'must not be empty' }]),
      );
    const answer: Json[] = [];
    for (const [i, message] of (messages as Json[]).entries()) {
      const destinations = message.destinations as Json[] | undefined;
      const text = (message.content as Json | undefined)?.text;
      if (
        typeof message.sender !== 'string' ||
        !Array.isArray(destinations) ||
        destinations.length === 0 ||
        typeof text !== 'string'
      ) {
        return sendJson(
          res,
          400,
          errorBody('E400', 'Request cannot be processed.', [
            { property: `messages[${i}]`, violation: 'sender, destinations and content.text are required' },
          ]),
        );
      }
      for (const destination of destinations) {
        const to = String(destination.to ?? '');
        const messageId = typeof destination.messageId === 'string' ? destination.messageId : randomUUID();
        accepted.push({
          messageId,
          sender: message.sender,
          to,
          text,
          webhooks: message.webhooks as Json | undefined,
          at: Date.now(),
        });
        answer.push({ messageId, status: STATUS_PENDING, destination: to, details: { messageCount: 1 } });
      }
    }
    return sendJson(res, 200, { bulkId: randomUUID(), messages: answer });
  });

  return {
    url: server.url,
    apiKey,
    requests,
    accepted,
    failNext: (status, times = 1, options = {}) => {
      for (let i = 0; i < times; i += 1) failures.push({ status, retryAfter: options.retryAfter, echo: options.echo });
    },
    deliveryReport: (reports) => ({
      results: reports.map((r) => {
        const known = accepted.find((a) => a.messageId === r.messageId);
        return {
          bulkId: 'BULK-ID-123-xyz',
          messageId: r.messageId,
          to: r.to ?? known?.to ?? '14155550100',
          sentAt: '2026-11-22T16:00:00.000+0000',
          doneAt: '2026-11-22T16:00:05.000+0000',
          messageCount: 1,
          price: { pricePerMessage: 0.0079, currency: 'USD' },
          status: {
            groupId: GROUP_IDS[r.groupName] ?? 0,
            groupName: r.groupName,
            id: 5,
            name: r.name,
            description: r.description ?? r.name,
          },
          error: r.errorName
            ? {
                groupId: 1,
                groupName: 'HANDSET_ERRORS',
                id: 27,
                name: r.errorName,
                description: 'Absent subscriber',
                permanent: false,
              }
            : { groupId: 0, groupName: 'OK', id: 0, name: 'NO_ERROR', description: 'No Error', permanent: false },
          callbackData: known ? undefined : 'reclaim',
        };
      }),
    }),
    registration,
    close: server.close,
  };
}
