#!/usr/bin/env node
// `npm run build`: src/ to dist/ for bin/reclaim.js, in a few seconds (types are checked by `npm run check`).
//
// esbuild bundles each command on its own: main.ts's dynamic import of ./stats.ts becomes an import
// of dist/cli/cmd-stats.js, a bundle of stats.ts and only the code it uses (package.json's
// "sideEffects": false lets esbuild drop what a domain's index.ts re-exports and the command never
// calls). Code splitting would share one chunk of nearly every domain between the commands, so a
// command would load it all. Run on its own too: run.js, the error report main.js loads after a
// failure (AppError is recognised across bundles, see isAppError). Packages stay external (node_modules), but zod (below).
// Every output file sits in dist/cli/, two levels below the repository like src/<domain>/<file>.ts,
// so the paths our code builds from import.meta.url (../../migrations/, ../../web-panel/dist/,
// ../../fixtures/) point at the same files from dist/. Then it writes dist/cli/commands.json, the
// top-level commands as the real program describes them, for `reclaim --help` without loading them.
//
//   node scripts/build.js             build
//   node scripts/build.js --if-stale  build only when a source file is newer than the last build
//   node scripts/build.js --metafile  also write dist/meta.json, esbuild's account of what each
//                                     output file holds and imports (read it with esbuild's
//                                     analyzeMetafile, or at https://esbuild.github.io/analyze/)
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIST = path.join(ROOT, 'dist');
const STAMP = path.join(DIST, 'cli', 'commands.json');
/** What the build reads: a change in any of them makes dist/ stale. */
const INPUTS = ['src', 'scripts/build.js', 'tsconfig.json', 'package.json'];

function newestInput() {
  let newest = 0;
  for (const input of INPUTS) {
    const full = path.join(ROOT, input);
    const stat = statSync(full);
    if (!stat.isDirectory()) newest = Math.max(newest, stat.mtimeMs);
    else
      for (const entry of readdirSync(full, { recursive: true, withFileTypes: true }))
        if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** True when dist/ is missing or older than a source file. */
export function distStale() {
  return !existsSync(STAMP) || statSync(STAMP).mtimeMs < newestInput();
}

/** The modules main.ts loads on demand (`import('./stats.ts')`): each becomes a bundle of its own. */
async function commandModules() {
  const main = await readFile(path.join(ROOT, 'src/cli/main.ts'), 'utf8');
  return [...new Set([...main.matchAll(/import\('\.\/([\w-]+)\.ts'\)/g)].map((match) => match[1]))];
}

/** The bundle's name for a module main.ts loads: run.ts is run.js, a command's is cmd-<name>.js. */
const bundleName = (name) => (name === 'run' ? 'run' : `cmd-${name}`);

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Packages bundled once into dist/vendor/, which every command bundle imports: a package of many
 * small files costs a command more to find and read than to run. knex is 42 files and lodash 89 more,
 * zod's entry loads each of its 64 locales (cut to English here, its default: Reclaim never configures
 * another); together they were more than half of a data command's start-up. The rest stays in
 * node_modules: small, native, or loaded only on demand.
 */
const VENDOR = { knex: 'knex', 'knex-postgres': 'knex/lib/dialects/postgres/index.js', zod: 'zod' };
const VENDORED = new Map(Object.entries(VENDOR).map(([file, specifier]) => [specifier, file]));
const VENDORED_PACKAGES = new Set([...VENDORED.keys()].map((specifier) => packageName(specifier)));
/** knex's own dependencies, bundled with it; its database drivers (pg …) stay external. */
const KNEX_DEPENDENCIES = new Set(
  Object.keys(JSON.parse(readFileSync(path.join(ROOT, 'node_modules/knex/package.json'), 'utf8')).dependencies ?? {}),
);

/** Shared by both builds: Node 20 ESM, a linked source map without the sources in it. */
const COMMON = {
  absWorkingDir: ROOT,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
};

async function buildVendor(build) {
  await build({
    ...COMMON,
    entryPoints: Object.fromEntries(Object.entries(VENDOR).map(([name, specifier]) => [`vendor/${name}`, specifier])),
    outdir: 'dist',
    // One copy of knex for both entries (the dialect extends knex's Client): shared code in a chunk.
    splitting: true,
    chunkNames: 'vendor/[name]-[hash]',
    // The bundled CommonJS of knex calls require() for Node's modules and its drivers.
    banner: { js: "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);" },
    plugins: [
      {
        name: 'vendor-packages',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) => {
            const name = packageName(args.path);
            if (VENDORED_PACKAGES.has(name) || name === 'ms' || KNEX_DEPENDENCIES.has(name)) return undefined;
            return { path: args.path, external: true };
          });
          builder.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
            args.importer.includes(`${path.sep}node_modules${path.sep}zod${path.sep}`)
              ? { path: path.join(ROOT, 'scripts', 'zod-locales.js') }
              : undefined,
          );
        },
      },
    ],
  });
}

export async function buildDist({ metafile = false } = {}) {
  const { build } = await import('esbuild');
  await rm(DIST, { recursive: true, force: true });
  await buildVendor(build);
  const modules = await commandModules();
  const entryPoints = { 'cli/main': 'src/cli/main.ts' };
  for (const name of modules) entryPoints[`cli/${bundleName(name)}`] = `src/cli/${name}.ts`;
  const mainFile = path.join(ROOT, 'src/cli/main.ts');
  const result = await build({
    ...COMMON,
    entryPoints,
    outdir: 'dist',
    metafile,
    plugins: [
      {
        // Packages stay external: the vendored ones from dist/vendor/, the others from node_modules.
        name: 'packages',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) => {
            const name = packageName(args.path);
            if (VENDORED.has(args.path)) return { path: `../vendor/${VENDORED.get(args.path)}.js`, external: true };
            if (VENDORED_PACKAGES.has(name))
              throw new Error(`${args.path} is not vendored: add it to VENDOR in scripts/build.js`);
            return { path: args.path, external: true };
          });
        },
      },
      {
        // main.ts's `import('./stats.ts')` loads the stats bundle instead of bundling stats.ts into main.
        name: 'command-bundles',
        setup(builder) {
          builder.onResolve({ filter: /^\.\/[\w-]+\.ts$/ }, (args) => {
            if (args.importer !== mainFile || args.kind !== 'dynamic-import') return undefined;
            return { path: `./${bundleName(path.basename(args.path, '.ts'))}.js`, external: true };
          });
        },
      },
    ],
  });
  if (metafile) await writeFile(path.join(DIST, 'meta.json'), JSON.stringify(result.metafile));
  const { describeCommands } = await import(pathToFileURL(path.join(DIST, 'cli', 'main.js')).href);
  await mkdir(path.dirname(STAMP), { recursive: true });
  await writeFile(STAMP, `${JSON.stringify(await describeCommands(), null, 2)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--if-stale') || distStale()) {
    const started = performance.now();
    await buildDist({ metafile: process.argv.includes('--metafile') });
    if (!process.argv.includes('--quiet'))
      process.stdout.write(`Built dist/ in ${Math.round(performance.now() - started)} ms.\n`);
  }
  // Loading every command to describe them may leave handles open (a logger's stream); we are done.
  process.exit(0);
}
