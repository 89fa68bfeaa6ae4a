import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { panelBuildNeeded } from '../../src/cli/index.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

const BIN = fileURLToPath(new URL('../../bin/reclaim.js', import.meta.url));
const t = useTestDatabase();
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('the panel on start', () => {
  it('is built when web-panel/dist is missing or older than any of its sources, and used as it is otherwise', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'reclaim-panel-'));
    dirs.push(root);
    await mkdir(path.join(root, 'src', 'app'), { recursive: true });
    for (const file of ['index.html', 'vite.config.ts', 'src/main.tsx', 'src/app/router.tsx'])
      await writeFile(path.join(root, file), '//');
    const old = new Date(Date.now() - 60_000);
    for (const file of ['index.html', 'vite.config.ts', 'src/main.tsx', 'src/app/router.tsx'])
      await utimes(path.join(root, file), old, old);
    expect(panelBuildNeeded(root)).toBe('missing');

    await mkdir(path.join(root, 'dist'));
    await writeFile(path.join(root, 'dist', 'index.html'), '<div id="root"></div>');
    expect(panelBuildNeeded(root)).toBeNull();

    await utimes(path.join(root, 'src', 'app', 'router.tsx'), new Date(), new Date(Date.now() + 5_000));
    expect(panelBuildNeeded(root)).toBe('outdated');
  });

  it('`reclaim start` serves the panel and prints its address', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = execa(process.execPath, [BIN, 'start', '--no-seed', '--port', String(port)], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...testEnv(t.url) },
      extendEnv: false,
      stdin: 'ignore',
      reject: false,
      timeout: 120_000,
    });
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('Brand panel:')) resolve();
        });
        void child.then((r) => reject(new Error(`start exited ${r.exitCode}: ${r.stderr}`)));
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(out).toContain(`Brand panel: http://localhost:${port}/`);
      const page = await fetch(`http://127.0.0.1:${port}/b/1`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      child.kill('SIGTERM');
      await child;
    }
  }, 150_000);

  it('`reclaim start` listens on 127.0.0.1 by default (it prints demo passwords); --host 0.0.0.0 opens it to every interface', async () => {
    /** Another address of this machine that a server bound to 127.0.0.1 alone does not answer on. */
    const other = '127.0.0.2';
    const healthz = (host: string, port: number) =>
      fetch(`http://${host}:${port}/healthz`).then(
        (r) => r.status,
        (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
      );
    for (const [flags, bound] of [
      [[], '127.0.0.1'],
      [['--host', '0.0.0.0'], '0.0.0.0'],
    ] as const) {
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const child = execa(process.execPath, [BIN, 'start', '--no-seed', '--port', String(port), ...flags], {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...testEnv(t.url) },
        extendEnv: false,
        stdin: 'ignore',
        reject: false,
        timeout: 120_000,
      });
      try {
        let err = '';
        await new Promise<void>((resolve, reject) => {
          child.stderr!.on('data', (chunk: Buffer) => {
            err += chunk.toString();
            if (err.includes('Press Ctrl-C to stop.')) resolve();
          });
          void child.then((r) => reject(new Error(`start exited ${r.exitCode}: ${r.stderr}`)));
        });
        expect(err).toContain(
          `Serving webhooks, API and panel on http://localhost:${port} (listening on ${bound}:${port}); worker running.`,
        );
        expect(await healthz('127.0.0.1', port)).toBe(200);
        expect(await healthz(other, port)).toBe(bound === '0.0.0.0' ? 200 : 'ECONNREFUSED');
      } finally {
        child.kill('SIGTERM');
        await child;
      }
    }
  }, 240_000);
});
