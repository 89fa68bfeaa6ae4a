/**
 * The fake Stripe's HTTP handling: the hosted pages, the API key, injected faults, idempotent
 * replays, routing, Stripe's error envelope, and `expand[]`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseForm, readRequest, sendJson, type Json, type RecordedRequest } from '../server.ts';
import { clone, newId } from './common.ts';
import { invalid, readStringArray, StripeApiError } from './params.ts';
import type { StripeState } from './state.ts';
import type { Route, StripeErrorBody, StripeRequest } from './types.ts';

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendJson(res, status, body, { 'request-id': newId('req_', 14), ...headers });
}

/** Answers one request to the fake Stripe and records it in `state.requests`. */
export async function handleRequest(
  state: StripeState,
  { apiKey, routes }: { apiKey: string; routes: Route[] },
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const header = (name: string): string | undefined => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const request: StripeRequest = {
    ...((await readRequest(req, 'form')) as RecordedRequest<Json>),
    stripeVersion: header('stripe-version'),
    idempotencyKey: header('idempotency-key'),
  };
  const { method, path } = request;
  state.requests.push(request);
  const reply = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
    request.status = status;
    request.response = body;
    send(res, status, body, {
      ...(request.stripeVersion ? { 'Stripe-Version': request.stripeVersion } : {}),
      ...(request.idempotencyKey ? { 'Idempotency-Key': request.idempotencyKey } : {}),
      ...headers,
    });
  };

  // The hosted pages behind the URLs the fake hands out (checkout, portal, invoice).
  if (method === 'GET' && /^\/(c\/pay|p\/session|i)\//.test(path)) {
    request.status = 200;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Fake Stripe</title><p>Fake Stripe page for ${path}</p>`);
    return;
  }

  const authorization = header('authorization') ?? '';
  const key = authorization.startsWith('Bearer ')
    ? authorization.slice(7).trim()
    : authorization.startsWith('Basic ')
      ? Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':')[0]!
      : '';
  if (!key) {
    return reply(401, {
      error: {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      },
    });
  }
  if (key !== apiKey) {
    const masked = `${key.slice(0, key.startsWith('sk_test_') ? 8 : 3)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
    return reply(401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${masked}` } });
  }

  const fault = state.faults.find(
    (f) =>
      f.times > 0 &&
      (!f.method || f.method.toUpperCase() === method) &&
      (typeof f.path === 'string' ? f.path === path : f.path.test(path)),
  );
  if (fault) {
    fault.times -= 1;
    const type =
      fault.type ?? (fault.status === 402 ? 'card_error' : fault.status >= 500 ? 'api_error' : 'invalid_request_error');
    const defaults: Record<number, { message: string; code?: string; decline_code?: string }> = {
      402: { message: 'Your card was declined.', code: 'card_declined', decline_code: 'generic_decline' },
      409: {
        message:
          'This object cannot be accessed right now because another API request or Stripe process is currently accessing it.',
        code: 'lock_timeout',
      },
      429: {
        message: 'Request rate limit exceeded. Learn more about rate limits in the API reference.',
        code: 'rate_limit',
      },
    };
    const base = defaults[fault.status] ?? {
      message: fault.status >= 500 ? 'An unknown error occurred' : 'Invalid request',
    };
    const error: StripeErrorBody = {
      ...base,
      type,
      message: fault.message ?? base.message,
      ...(fault.code ? { code: fault.code } : {}),
      ...(fault.param ? { param: fault.param } : {}),
    };
    return reply(fault.status, { error });
  }

  const bodyKey = JSON.stringify(request.body);
  if (method === 'POST' && request.idempotencyKey) {
    const stored = state.idempotent.get(request.idempotencyKey);
    if (stored) {
      if (stored.method !== method || stored.path !== path) {
        return reply(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.method} ${stored.path}' vs '${method} ${path}'). Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      if (stored.body !== bodyKey) {
        return reply(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      request.replayed = true;
      return reply(stored.status, stored.response, { 'Idempotent-Replayed': 'true' });
    }
  }

  const query = parseForm(request.query.toString());
  const params = method === 'POST' ? { ...query, ...request.body } : query;
  let status = 200;
  let response: unknown;
  try {
    const route = routes.find((r) => r.method === method && r.pattern.test(path));
    const match = route ? route.pattern.exec(path)! : null;
    if (!route || !match)
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}).`,
      });
    const result = route.handle(params, match, request);
    response = expand(state, clone(result), readStringArray(params, 'expand'));
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    status = error.status;
    response = { error: error.body };
  }
  // Stripe saves the result once the endpoint ran; requests refused by validation are not saved.
  if (method === 'POST' && request.idempotencyKey && (status === 200 || status === 402)) {
    state.idempotent.set(request.idempotencyKey, { method, path: path, body: bodyKey, status, response });
  }
  return reply(status, response);
}

/** Applies `expand[]` paths (`subscription`, `data.customer`, `line_items`, `latest_invoice.subscription`) to a response copy. */
function expand(state: StripeState, body: Json, paths: string[]): Json {
  const expandAt = (node: unknown, segments: string[], full: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => expandAt(item, segments, full));
    if (!node || typeof node !== 'object') return node;
    const object = node as Json;
    const [head, ...rest] = segments;
    let child = object[head!];
    if (child === undefined && head === 'line_items' && object.object === 'checkout.session') {
      const data = clone(state.checkoutLineItems(object.id as string));
      child = {
        object: 'list',
        data,
        has_more: false,
        url: `/v1/checkout/sessions/${object.id as string}/line_items`,
      };
    } else if (child === undefined) {
      throw invalid(`This property cannot be expanded (${full}).`, 'expand');
    }
    if (typeof child === 'string') {
      const found = state.lookup(child);
      if (found) child = clone(found);
    }
    object[head!] = rest.length ? expandAt(child, rest, full) : child;
    return object;
  };
  for (const path of paths) expandAt(body, path.split('.'), path);
  return body;
}
