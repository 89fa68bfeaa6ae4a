import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createStatusLine, prettyStream } from '../../src/app/index.ts';

/** A terminal that records what is written to it. */
function terminal(): { written: string[]; write(text: string): void } {
  const written: string[] = [];
  return { written, write: (text) => void written.push(text) };
}

describe('the status line (a progress bar) and the log lines written above it', () => {
  it('a log line clears the bar, is written, and the bar is drawn again below it', () => {
    const out = terminal();
    const line = createStatusLine(out);
    line.writeAbove('before\n');
    line.show('Northwind [##--] 1/2');
    line.writeAbove('a log line\n');
    line.show('Northwind [####] 2/2');
    line.done();
    line.writeAbove('after\n');
    expect(out.written).toEqual([
      'before\n',
      '\r\x1b[2KNorthwind [##--] 1/2',
      '\r\x1b[2Ka log line\nNorthwind [##--] 1/2',
      '\r\x1b[2KNorthwind [####] 2/2',
      '\n',
      'after\n',
    ]);
  });
});

describe('log lines in a terminal', () => {
  const logged = (stacks: boolean): string => {
    const out = terminal();
    const logger = pino(
      { level: 'info' },
      prettyStream({ colorize: false, stacks, statusLine: createStatusLine(out) }),
    );
    logger.warn({ brand_id: 1, err: Object.assign(new Error('boom'), { code: 'E_BOOM' }) }, 'could not queue it');
    return out.written.join('');
  };

  it('are one line each, the error (type, message, code) on it, without a stack', () => {
    const text = logged(false);
    expect(text).toMatch(
      /^\[\d\d:\d\d:\d\d\] WARN: could not queue it \{"brand_id":1,"err":\{"type":"Error","message":"boom","code":"E_BOOM"\}\}\n$/,
    );
  });

  it('with stacks (LOG_LEVEL debug or trace), the stack follows', () => {
    const text = logged(true);
    expect(text.split('\n')[0]).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: could not queue it \{"brand_id":1\}$/);
    expect(text).toMatch(/^\s+at .*logger-terminal\.test\.ts/m);
  });
});
