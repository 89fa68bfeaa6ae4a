/**
 * bench:ingest's load generator (a child process): autocannon posting signed Shopify
 * checkouts/update webhooks, each with its own event id, with CONNECTIONS connections for DURATION
 * seconds; it returns the ids answered 200 with the counts, latencies and its own CPU time.
 */
import { createHmac } from 'node:crypto';
import autocannon from 'autocannon';
import { checkpoint, cpuMicros } from './child.ts';
import { CONNECTIONS, DURATION, SECRET, SHOP } from './settings.ts';

/** The webhook body every request posts (and the ceiling inserts). */
export function checkoutPayload(): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: 31987654321,
    token: 'b1946ac92492d2347c6235b4d2611184',
    cart_token: 'Z2NwLXVzLWVhc3QxOjAxSEVYQU1QTEU',
    email: 'ava.garcia@example.com',
    phone: '+14155550142',
    created_at: now,
    updated_at: now,
    completed_at: null,
    currency: 'USD',
    presentment_currency: 'USD',
    total_price: '238.00',
    subtotal_price: '238.00',
    total_tax: '0.00',
    abandoned_checkout_url: `https://${SHOP}/checkouts/cn/Z2NwLXVzLWVhc3QxOjAxSEVYQU1QTEU/recover?key=abc`,
    buyer_accepts_marketing: true,
    buyer_accepts_sms_marketing: true,
    sms_marketing_phone: '+14155550142',
    line_items: [
      {
        key: 'a1',
        variant_id: 44001234567890,
        product_id: 8001234567890,
        title: 'Ridge Rain Jacket',
        quantity: 1,
        price: '149.00',
        sku: 'NW-JKT-01',
      },
      {
        key: 'a2',
        variant_id: 44001234567891,
        product_id: 8001234567891,
        title: 'Summit Fleece',
        quantity: 1,
        price: '89.00',
        sku: 'NW-FLC-02',
      },
    ],
    customer: {
      id: 7001234567890,
      email: 'ava.garcia@example.com',
      first_name: 'Ava',
      last_name: 'Garcia',
      phone: '+14155550142',
    },
    billing_address: {
      first_name: 'Ava',
      last_name: 'Garcia',
      phone: '+14155550142',
      province_code: 'CA',
      country_code: 'US',
    },
    shipping_address: {
      first_name: 'Ava',
      last_name: 'Garcia',
      phone: '+14155550142',
      province_code: 'CA',
      country_code: 'US',
    },
  };
}

export interface LoadInput {
  url: string;
  body: string;
}
export interface LoadResult {
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  p50: number;
  p99: number;
  answered: string[];
  cpuMicros: number;
}

export async function loadChild({ url, body }: LoadInput): Promise<LoadResult> {
  const hmac = createHmac('sha256', SECRET).update(body).digest('base64');
  let counter = 0;
  const answered: string[] = [];
  await checkpoint('started');
  const cpu = process.cpuUsage();
  const run = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        body,
        setupRequest: (request, context: object) => {
          const id = `bench-${++counter}`;
          (context as { id?: string }).id = id;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              'x-shopify-topic': 'checkouts/update',
              'x-shopify-hmac-sha256': hmac,
              'x-shopify-shop-domain': SHOP,
              'x-shopify-api-version': '2026-07',
              'x-shopify-webhook-id': `wh-${id}`,
              'x-shopify-event-id': id,
              'x-shopify-triggered-at': new Date().toISOString(),
            },
          };
        },
        onResponse: (status, _body, context: object) => {
          if (status === 200) answered.push(String((context as { id?: string }).id));
        },
      },
    ],
  });
  const used = cpuMicros(cpu);
  await checkpoint('finished');
  return {
    ok: run['2xx'],
    non2xx: run.non2xx,
    errors: run.errors,
    timeouts: run.timeouts,
    duration: run.duration,
    p50: run.latency.p50,
    p99: run.latency.p99,
    answered,
    cpuMicros: used,
  };
}
