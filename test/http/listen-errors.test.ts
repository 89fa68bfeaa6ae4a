import { describe, expect, it } from 'vitest';
import { listenProblem, type ListenTarget } from '../../src/http/index.ts';

const flag: ListenTarget = { port: 8080, host: '10.1.2.3', portFrom: 'flag', hostFrom: 'flag' };
const env: ListenTarget = { port: 80, host: '0.0.0.0', portFrom: 'env', hostFrom: 'default' };
const error = (code: string): Error => Object.assign(new Error(code), { code });
const HOST_HELP =
  'not an address of this machine; use 0.0.0.0 (every address), 127.0.0.1 (this machine only) or one of its own addresses.';

describe('listenProblem: why a server could not listen, naming the setting in play', () => {
  it.each([
    [
      error('EADDRINUSE'),
      flag,
      '--port 8080: that port is already in use on 10.1.2.3; stop what listens there or choose another port.',
    ],
    [
      error('EADDRINUSE'),
      env,
      'PORT=80: that port is already in use on 0.0.0.0; stop what listens there or choose another port.',
    ],
    [error('EACCES'), env, 'PORT=80: a port below 1024 needs administrator rights; choose a port from 1024 up.'],
    [error('ENOTFOUND'), flag, `--host 10.1.2.3: ${HOST_HELP}`],
    [error('EADDRNOTAVAIL'), flag, `--host 10.1.2.3: ${HOST_HELP}`],
    [error('EADDRNOTAVAIL'), env, `the default address 0.0.0.0: ${HOST_HELP}`],
    [error('ECONNRESET'), flag, undefined],
    [new Error('no code'), flag, undefined],
    ['a string', flag, undefined],
  ])('%s (%j) -> %s', (thrown, target, message) => {
    expect(listenProblem(thrown, target)).toBe(message);
  });
});
