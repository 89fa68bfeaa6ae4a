/**
 * LISTEN on a PostgreSQL channel from a connection of its own (a pooled connection cannot keep a
 * LISTEN). A lost connection is opened again after `retryMs`; a notification missed meanwhile is
 * what the listener's caller polls for anyway.
 */
import pg from 'pg';

export interface ChannelListener {
  /** Stops listening and closes the connection. */
  close(): Promise<void>;
}

export function listenChannel(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  {
    retryMs = 1_000,
    onError,
    applicationName = 'reclaim-listen',
  }: { retryMs?: number; onError?: (error: Error) => void; applicationName?: string } = {},
): ChannelListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const reconnect = (error: Error): void => {
    if (closed) return;
    onError?.(error);
    const old = client;
    client = undefined;
    old?.removeAllListeners();
    old?.on('error', () => undefined);
    void old?.end().catch(() => undefined);
    retry ??= setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: applicationName });
    client = c;
    c.on('error', reconnect);
    c.on('end', () => reconnect(new Error('the LISTEN connection ended')));
    c.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
      // Anything that became due while the connection was down.
      onNotify('');
    } catch (error) {
      if (client === c) reconnect(error instanceof Error ? error : new Error(String(error)));
    }
  };
  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}
