import pino, { type Logger } from 'pino';

export type { Logger };

export interface LoggerOptions {
  level?: string;
  /** Pretty output for people; JSON lines otherwise. Defaults to whether stderr is a TTY. */
  pretty?: boolean;
}

/** Logs always go to stderr, so stdout stays clean for data and --json. */
export function createLogger({ level = 'info', pretty = process.stderr.isTTY === true }: LoggerOptions = {}): Logger {
  const redact = {
    paths: [
      'password',
      '*.password',
      'access_token',
      '*.access_token',
      '*.accessToken',
      'api_key',
      '*.api_key',
      'secret',
      '*.secret',
      'authorization',
      '*.authorization',
      'headers.authorization',
      'req.headers.authorization',
      'config.ENCRYPTION_KEY',
      'config.JWT_SECRET',
      'databaseUrl',
    ],
    censor: '[redacted]',
  };
  if (pretty) {
    return pino(
      { level, redact },
      pino.transport({ target: 'pino-pretty', options: { destination: 2, colorize: true, ignore: 'pid,hostname' } }),
    );
  }
  return pino({ level, redact }, pino.destination({ fd: 2, sync: true }));
}
