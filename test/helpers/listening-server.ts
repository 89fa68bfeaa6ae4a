/**
 * The HTTP server of `serve-webhooks` listening on a real loopback socket, for tests where the
 * peer address matters (forwarded headers, per-IP limits) or requests must truly run at once.
 */
import type { AddressInfo } from 'node:net';
import type { AppContext } from '../../src/app/index.ts';
import { buildHttpServer, type RouteModule } from '../../src/http/index.ts';

export interface Answer {
  status: number;
  body: Record<string, unknown> & { error?: { kind: string; code: string | null; message: string } };
}

export interface ListeningServer {
  base: string;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Answer>;
  get(path: string, headers?: Record<string, string>): Promise<Answer>;
  close(): Promise<void>;
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

export async function listenHttp(ctx: AppContext, routes: RouteModule[]): Promise<ListeningServer> {
  const app = await buildHttpServer(ctx, { routes, panel: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const call = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} } as Answer;
  };
  return {
    base,
    post: (path, body, headers = {}) => call('POST', path, body, headers),
    get: (path, headers = {}) => call('GET', path, undefined, headers),
    close: () => app.close(),
  };
}
