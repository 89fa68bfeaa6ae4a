/**
 * bench:scale-out's load generator (a child process, ../scale-out.ts with `load`): autocannon
 * posting signed Shopify checkouts/update webhooks to one server, each with its own event id
 * (`<prefix>-<n>`), for a fixed time; returns the ids answered 200, latencies and its CPU time.
 */
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const SHOP = 'bench-outfitters.myshopify.com';
export const SHOPIFY_SECRET = 'bench-shopify-app-secret';

export interface LoadInput {
  url: string;
  body: string;
  prefix: string;
  connections: number;
  duration: number;
}

export interface LoadResult {
  ok: number;
  non2xx: number;
  errors: number;
  duration: number;
  p50: number;
  p99: number;
  answered: string[];
  cpuMicros: number;
}

export async function loadChild({ url, body, prefix, connections, duration }: LoadInput): Promise<LoadResult> {
  const hmac = createHmac('sha256', SHOPIFY_SECRET).update(body).digest('base64');
  let counter = 0;
  const answered: string[] = [];
  const cpu = process.cpuUsage();
  const run = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        body,
        setupRequest: (request, context: object) => {
          const id = `${prefix}-${++counter}`;
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
  const used = process.cpuUsage(cpu);
  return {
    ok: run['2xx'],
    non2xx: run.non2xx,
    errors: run.errors,
    duration: run.duration,
    p50: run.latency.p50,
    p99: run.latency.p99,
    answered,
    cpuMicros: used.user + used.system,
  };
}

const ENTRY = fileURLToPath(new URL('../scale-out.ts', import.meta.url));

/** Runs a load child and returns its result and pid-less CPU (reported by the child itself). */
export function runLoad(input: LoadInput): Promise<LoadResult> {
  const child = spawn(process.execPath, [...process.execArgv, ENTRY, 'load'], {
    env: { ...process.env, BENCH_CHILD_INPUT: JSON.stringify(input) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let result: LoadResult | undefined;
    child.on('message', (message: { result: LoadResult }) => {
      result = message.result;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      result ? resolve(result) : reject(new Error(`bench load process exited with ${code} and no result`)),
    );
  });
}
