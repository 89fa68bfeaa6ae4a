/**
 * The deployment files stay true to the program: compose.yaml, the Dockerfile, the systemd units
 * and the example settings name only commands, flags, paths and variables that exist. Nothing
 * here builds an image (no daemon, no registry); instead the runtime stage's files are laid out as
 * the Dockerfile copies them, and that tree migrates a fresh database and serves /readyz to the
 * Dockerfile's own HEALTHCHECK command.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { execa } from 'execa';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from '../../src/app/index.ts';
import { buildProgram } from '../../src/cli/index.ts';
import { MIGRATIONS_DIR } from '../../src/db/index.ts';
import { runCli } from '../helpers/cli.ts';
import { createEmptyDatabase, TEST_ENCRYPTION_KEY, TEST_JWT_SECRET } from '../helpers/db.ts';
import { freePort } from '../helpers/worker-process.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');
const CONFIG_KEYS = new Set(Object.keys(configSchema.shape));

// ---------------------------------------------------------------------------------------------
// Reading the files

interface Instruction {
  stage: string;
  keyword: string;
  args: string;
}

/** A Dockerfile's instructions with their stage: continuation lines joined, comments dropped. */
function dockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let stage = '';
  let pending = '';
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    pending += line.replace(/\\\s*$/, ' ');
    if (/\\\s*$/.test(line)) continue;
    const match = /^\s*([A-Z]+)\s+(.*)$/.exec(pending.trim());
    pending = '';
    if (!match) continue;
    const [, keyword, args] = match;
    if (keyword === 'FROM') stage = /\sAS\s+(\S+)$/i.exec(args!)?.[1] ?? '';
    instructions.push({ stage, keyword: keyword!, args: args!.trim() });
  }
  return instructions;
}

/** An instruction's exec form (`["node", "x"]`), which the runtime runs without a shell. */
const execForm = (args: string): string[] => {
  expect(args.startsWith('['), `exec form expected: ${args}`).toBe(true);
  return JSON.parse(args) as string[];
};

interface ComposeService {
  build?: string;
  image?: string;
  command?: string[];
  restart?: string;
  environment?: Record<string, string>;
  env_file?: Array<{ path: string; required: boolean }>;
  volumes?: string[];
  ports?: string[];
  healthcheck?: { disable?: boolean; test?: string[] };
  depends_on?: Record<string, { condition: string }>;
}

/** `Key=value` lines of a systemd unit, by key (a key may repeat). */
function unit(text: string): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) entries.set(match[1]!, [...(entries.get(match[1]!) ?? []), match[2]!]);
  }
  return entries;
}

/** `KEY=value` lines of an env file. */
function envFile(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) entries.set(match[1]!, match[2]!);
  }
  return entries;
}

// ---------------------------------------------------------------------------------------------
// The program they run

let program: Command;
let topLevelHelp = '';

/**
 * Checks an argument list given to the binary: its leading words name a command of the program
 * and every flag after them is an option of that command. Returns the command's words.
 */
function invocation(argv: string[]): string[] {
  let command = program;
  const words: string[] = [];
  let index = 0;
  for (; index < argv.length && !argv[index]!.startsWith('-'); index += 1) {
    const sub = command.commands.find((candidate) => candidate.name() === argv[index]);
    if (!sub) throw new Error(`reclaim ${[...words, argv[index]].join(' ')}: no such command`);
    command = sub;
    words.push(argv[index]!);
  }
  expect(words.length, `no command in ${JSON.stringify(argv)}`).toBeGreaterThan(0);
  while (index < argv.length) {
    const flag = argv[index]!;
    const option = command.options.find((candidate) => candidate.long === flag || candidate.short === flag);
    if (!option) throw new Error(`reclaim ${words.join(' ')} has no option ${flag}`);
    index += option.required || option.optional ? 2 : 1;
  }
  return words;
}

const helps = new Map<string, ReturnType<typeof runCli>>();

/** The command runs its real --help through the binary, and `reclaim --help` lists it. */
async function expectRealCommand(words: string[]): Promise<void> {
  expect(topLevelHelp).toMatch(new RegExp(`^  ${words[0]}\\b`, 'm'));
  const key = words.join(' ');
  if (!helps.has(key)) helps.set(key, runCli([...words, '--help']));
  const help = await helps.get(key)!;
  expect({ words, code: help.code, stderr: help.stderr }).toEqual({ words, code: 0, stderr: '' });
  expect(help.stdout).toContain(`Usage: reclaim ${words.join(' ')} `);
}

beforeAll(async () => {
  program = await buildProgram();
  const help = await runCli(['--help']);
  expect(help.code).toBe(0);
  topLevelHelp = help.stdout;
});

// ---------------------------------------------------------------------------------------------

describe('compose.yaml', () => {
  const compose = load(read('compose.yaml')) as { services: Record<string, ComposeService>; volumes: object };
  const services = compose.services;
  const reclaim = Object.entries(services).filter(([, service]) => service.build !== undefined);

  it('runs PostgreSQL, the migrations once, one serve-webhooks and one worker, all from the Dockerfile', () => {
    expect(Object.keys(services).sort()).toEqual(['migrate', 'postgres', 'serve-webhooks', 'worker']);
    expect(reclaim.map(([name]) => name).sort()).toEqual(['migrate', 'serve-webhooks', 'worker']);
    for (const [, service] of reclaim) expect(service.build).toBe('.');
    expect(existsSync(path.join(ROOT, 'Dockerfile'))).toBe(true);
    expect(services.postgres!.image).toMatch(/^postgres:1[5-9]/);
    expect(services.postgres!.healthcheck!.test!.join(' ')).toContain('pg_isready');
  });

  it('each service’s command is a command of `reclaim --help`, with options that command has', async () => {
    const commands = Object.fromEntries(reclaim.map(([name, service]) => [name, invocation(service.command!)]));
    expect(commands).toEqual({ migrate: ['db', 'migrate'], 'serve-webhooks': ['serve-webhooks'], worker: ['worker'] });
    for (const words of Object.values(commands)) await expectRealCommand(words);
  });

  it('migrations run first, once; the processes start after they succeeded', () => {
    expect(services.migrate!.restart).toBe('no');
    expect(services.migrate!.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    for (const name of ['serve-webhooks', 'worker'])
      expect(services[name]!.depends_on).toEqual({ migrate: { condition: 'service_completed_successfully' } });
    // The image's HEALTHCHECK asks /readyz over HTTP: only serve-webhooks serves it.
    expect(services.worker!.healthcheck).toEqual({ disable: true });
    expect(services['serve-webhooks']!.healthcheck).toBeUndefined();
  });

  it('the server listens on the port it publishes; files and the database live in volumes', () => {
    const web = services['serve-webhooks']!;
    const port = web.command![web.command!.indexOf('--port') + 1];
    expect(web.ports!.map((mapping) => mapping.split(':').at(-1))).toEqual([port]);
    for (const [, service] of reclaim) {
      expect(service.volumes).toContain(`files:${service.environment!.RECLAIM_DATA_DIR}`);
      expect(service.environment!.NODE_ENV).toBe('production');
    }
    expect(Object.keys(compose.volumes).sort()).toEqual(['files', 'pgdata']);
  });

  it('the required secrets come from the env file and stop the start when missing', () => {
    const example = envFile(read('deploy/reclaim.env.example'));
    for (const [, service] of reclaim) {
      expect(service.env_file).toEqual([{ path: '.env', required: true }]);
      const env = service.environment!;
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/reclaim:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/reclaim$/);
      for (const key of ['ENCRYPTION_KEY', 'JWT_SECRET', 'PUBLIC_URL'])
        expect(env[key], key).toMatch(new RegExp(`^\\$\\{${key}:\\?set ${key} in \\.env`));
      for (const key of Object.keys(env)) expect(CONFIG_KEYS.has(key), `${key} is a setting`).toBe(true);
    }
    // Every variable compose requires is in the example file.
    const required = [...read('compose.yaml').matchAll(/\$\{([A-Z_]+):\?/g)].map((match) => match[1]!);
    expect(new Set(required)).toEqual(new Set(['POSTGRES_PASSWORD', 'ENCRYPTION_KEY', 'JWT_SECRET', 'PUBLIC_URL']));
    for (const key of required) expect(example.has(key), key).toBe(true);
  });
});

describe('deploy/reclaim.env.example', () => {
  const example = envFile(read('deploy/reclaim.env.example'));

  it('names only settings Reclaim reads (and the bundled PostgreSQL’s password), the required ones first', () => {
    expect([...example.keys()].filter((key) => !CONFIG_KEYS.has(key))).toEqual(['POSTGRES_PASSWORD']);
    expect([...example.keys()].slice(0, 6)).toEqual([
      'DATABASE_URL',
      'POSTGRES_PASSWORD',
      'ENCRYPTION_KEY',
      'JWT_SECRET',
      'PUBLIC_URL',
      'NODE_ENV',
    ]);
  });

  it('is a valid configuration once the secrets are filled in, and not before', () => {
    const values = Object.fromEntries(example);
    const filled = { ...values, ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, JWT_SECRET: TEST_JWT_SECRET };
    const config = loadConfig(filled);
    expect(config).toMatchObject({ NODE_ENV: 'production', TRUST_PROXY: false, SMS_PROVIDER: 'outbox', PORT: 3000 });
    expect(config.PUBLIC_URL).toMatch(/^https:/);
    // As shipped the secrets are empty: nobody runs with a key copied from the repository.
    expect(values.ENCRYPTION_KEY).toBe('');
    expect(values.JWT_SECRET).toBe('');
  });
});

describe('the Dockerfile', () => {
  const instructions = dockerfile(read('Dockerfile'));
  const inStage = (stage: string, keyword: string) =>
    instructions.filter((i) => i.stage === stage && i.keyword === keyword).map((i) => i.args);
  const runtime = (keyword: string) => inStage('runtime', keyword);

  it('builds in one stage (npm ci, npm run build, npm run panel:build) and runs in another', () => {
    expect(instructions.filter((i) => i.keyword === 'FROM').map((i) => i.stage)).toEqual(['build', 'runtime']);
    const build = inStage('build', 'RUN').join('\n');
    for (const step of ['npm ci', 'npm run build', 'npm run panel:build', 'npm prune --omit=dev'])
      expect(build).toContain(step);
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build).toBe('node scripts/build.js');
    expect(scripts['panel:build']).toContain('vite build');
    for (const from of instructions.filter((i) => i.keyword === 'FROM'))
      expect(from.args).toMatch(/^node:\$\{NODE_VERSION\}-bookworm-slim AS /);
    expect(read('Dockerfile')).toMatch(/^ARG NODE_VERSION=20\.\d+$/m);
  });

  it('runs as an unprivileged user it creates, with the data folder its own', () => {
    expect(runtime('USER')).toEqual(['reclaim']);
    const setup = runtime('RUN').join('\n');
    expect(setup).toMatch(/useradd --system --uid 10001 --gid reclaim/);
    expect(setup).toContain('chown reclaim:reclaim /data');
    expect(runtime('ENV').join(' ')).toContain('RECLAIM_DATA_DIR=/data');
    expect(runtime('VOLUME')).toEqual(['["/data"]']);
  });

  it('copies what the built program reads: dist/, bin/, the migrations, the panel build, the fixtures, node_modules', () => {
    expect(runtime('WORKDIR')).toEqual(['/app']);
    const copies = runtime('COPY').map((args) => {
      const parts = args.split(/\s+/);
      expect(parts[0]).toBe('--from=build');
      return {
        sources: parts.slice(1, -1).map((source) => path.posix.relative('/app', source)),
        target: parts.at(-1)!,
      };
    });
    const copied = copies.flatMap((copy) =>
      copy.sources.map((source) =>
        copy.target.endsWith('/') ? path.posix.basename(source) : path.posix.normalize(copy.target),
      ),
    );
    expect([...copied].sort()).toEqual(
      [
        'bin',
        'dist',
        'fixtures',
        'migrations',
        'node_modules',
        'package-lock.json',
        'package.json',
        'web-panel/dist',
      ].sort(),
    );
    // The folders the program finds relative to its own files (src/db/migrate.ts, src/http/panel.ts,
    // src/demo/fixtures.ts) are among them.
    for (const dir of [MIGRATIONS_DIR, path.join(ROOT, 'web-panel/dist'), path.join(ROOT, 'fixtures')])
      expect(copied).toContain(path.relative(ROOT, dir).replace(/\/$/, ''));
    // Each source is in the repository or made by a step of the build stage.
    const made: Record<string, string> = {
      node_modules: 'npm ci',
      dist: 'npm run build',
      'web-panel/dist': 'npm run panel:build',
    };
    const build = inStage('build', 'RUN').join('\n');
    for (const source of copies.flatMap((copy) => copy.sources))
      if (made[source]) expect(build).toContain(made[source]);
      else expect(existsSync(path.join(ROOT, source)), source).toBe(true);
  });

  it('its ENTRYPOINT is the reclaim binary, its CMD a real command, its HEALTHCHECK asks /readyz', async () => {
    expect(runtime('ENTRYPOINT').map(execForm)).toEqual([['node', '/app/bin/reclaim.js']]);
    const [cmd] = runtime('CMD').map(execForm);
    await expectRealCommand(invocation(cmd!));
    const [healthcheck] = runtime('HEALTHCHECK');
    const probe = execForm(healthcheck!.replace(/^(--\S+\s+)*CMD\s+/, ''));
    expect(probe.slice(0, 2)).toEqual(['node', '-e']);
    expect(probe[2]).toContain('/readyz');
    expect(runtime('EXPOSE')).toEqual(['3000']);
  });
});

describe('the runtime stage’s files, laid out as the Dockerfile copies them', () => {
  let app = '';
  let database: Awaited<ReturnType<typeof createEmptyDatabase>>;

  beforeAll(async () => {
    // /app as the runtime stage has it (dist/ is built by the test setup; node_modules linked).
    app = mkdtempSync(path.join(os.tmpdir(), 'reclaim-runtime-'));
    for (const entry of ['package.json', 'package-lock.json', 'bin', 'dist', 'migrations', 'fixtures'])
      cpSync(path.join(ROOT, entry), path.join(app, entry), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(app, 'node_modules'));
    database = await createEmptyDatabase();
  });

  afterAll(async () => {
    await database?.drop();
    if (app) rmSync(app, { recursive: true, force: true });
  });

  const instructions = dockerfile(read('Dockerfile'));
  const runtimeEnv = Object.fromEntries(
    instructions
      .filter((i) => i.stage === 'runtime' && i.keyword === 'ENV')
      .flatMap((i) => i.args.split(/\s+/).map((pair) => pair.split('=') as [string, string])),
  );
  const [probe] = instructions
    .filter((i) => i.stage === 'runtime' && i.keyword === 'HEALTHCHECK')
    .map((i) => JSON.parse(i.args.replace(/^(--\S+\s+)*CMD\s+/, '')) as string[]);

  /** The image's environment with the required settings, the data folder inside the layout. */
  const env = (): Record<string, string> => ({
    PATH: process.env.PATH ?? '',
    ...runtimeEnv,
    RECLAIM_DATA_DIR: path.join(app, 'data'),
    DATABASE_URL: database.url,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'https://reclaim.example.com',
    LOG_LEVEL: 'warn',
  });
  const reclaim = (args: string[], extra: Record<string, string> = {}) =>
    execa(process.execPath, [path.join(app, 'bin/reclaim.js'), ...args], {
      cwd: app,
      env: { ...env(), ...extra },
      extendEnv: false,
      stdin: 'ignore',
      reject: false,
      timeout: 60_000,
    });
  const healthcheck = (port: number) =>
    execa(probe![0]!, probe!.slice(1), {
      env: { PATH: process.env.PATH ?? '', PORT: String(port) },
      extendEnv: false,
      reject: false,
    });

  it('migrates a fresh database, then serves /readyz to the HEALTHCHECK (which fails when nothing answers)', async () => {
    expect(runtimeEnv).toEqual({ NODE_ENV: 'production', RECLAIM_DATA_DIR: '/data', PORT: '3000' });
    const migrated = await reclaim(['db', 'migrate']);
    expect(migrated.exitCode, migrated.stderr).toBe(0);
    const files = readdirSync(MIGRATIONS_DIR).filter((file) => /^\d{14}_.*\.ts$/.test(file));
    const applied = await database.db('knex_migrations').pluck('name');
    expect(applied.sort()).toEqual(files.sort());

    const port = await freePort();
    expect((await healthcheck(port)).exitCode).toBe(1);
    const server = reclaim(['serve-webhooks', '--port', String(port)], { PORT: String(port) });
    try {
      let answer = await healthcheck(port);
      for (let tries = 0; answer.exitCode !== 0 && tries < 100 && server.exitCode === null; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        answer = await healthcheck(port);
      }
      expect(answer.exitCode).toBe(0);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'ok' });
    } finally {
      server.kill('SIGTERM');
    }
    const stopped = await server;
    expect(stopped.exitCode, stopped.stderr).toBe(0);
  });
});

describe('the systemd units', () => {
  const dir = path.join(ROOT, 'deploy/systemd');
  const units = Object.fromEntries(
    readdirSync(dir).map((file) => [file, unit(readFileSync(path.join(dir, file), 'utf8'))]),
  );

  it('start the migrations, serve-webhooks per port and workers per name, as the reclaim user with the env file', async () => {
    expect(Object.keys(units).sort()).toEqual([
      'reclaim-migrate.service',
      'reclaim-web@.service',
      'reclaim-worker@.service',
      'reclaim.target',
    ]);
    const commands: Record<string, string[]> = {};
    for (const name of ['reclaim-migrate.service', 'reclaim-web@.service', 'reclaim-worker@.service']) {
      const service = units[name]!;
      expect(service.get('User')).toEqual(['reclaim']);
      expect(service.get('EnvironmentFile')).toEqual(['/etc/reclaim/reclaim.env']);
      expect(service.get('WorkingDirectory')).toEqual(['/opt/reclaim']);
      const environment = service.get('Environment')!.join(' ').split(/\s+/);
      expect(environment).toEqual(['NODE_ENV=production', 'RECLAIM_DATA_DIR=/var/lib/reclaim']);
      for (const pair of environment) expect(CONFIG_KEYS.has(pair.split('=')[0]!)).toBe(true);
      expect(service.get('StateDirectory')).toEqual(['reclaim']);
      const [exec] = service.get('ExecStart')!;
      const argv = exec!.split(/\s+/);
      expect(argv.slice(0, 2)).toEqual(['/usr/bin/node', '/opt/reclaim/bin/reclaim.js']);
      commands[name] = invocation(argv.slice(2).map((arg) => arg.replace('%i', '3000')));
    }
    expect(commands).toEqual({
      'reclaim-migrate.service': ['db', 'migrate'],
      'reclaim-web@.service': ['serve-webhooks'],
      'reclaim-worker@.service': ['worker'],
    });
    for (const words of Object.values(commands)) await expectRealCommand(words);
    expect(units['reclaim-migrate.service']!.get('Type')).toEqual(['oneshot']);
    expect(units['reclaim-web@.service']!.get('ExecStart')![0]).toContain('--port %i --host 127.0.0.1');
    for (const name of ['reclaim-web@.service', 'reclaim-worker@.service']) {
      expect(units[name]!.get('After')!.join(' ')).toContain('reclaim-migrate.service');
      expect(units[name]!.get('KillSignal')).toEqual(['SIGTERM']);
      expect(Number(units[name]!.get('TimeoutStopSec')![0])).toBeGreaterThan(10);
    }
  });
});
