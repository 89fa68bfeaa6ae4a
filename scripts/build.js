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
import { existsSync, readdirSync, statSync } from 'node:fs';
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

export async function buildDist({ metafile = false } = {}) {
  const { build } = await import('esbuild');
  await rm(DIST, { recursive: true, force: true });
  const modules = await commandModules();
  const entryPoints = { 'cli/main': 'src/cli/main.ts' };
  for (const name of modules) entryPoints[`cli/${bundleName(name)}`] = `src/cli/${name}.ts`;
  const mainFile = path.join(ROOT, 'src/cli/main.ts');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir: 'dist',
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    metafile,
    plugins: [
      {
        // Packages stay in node_modules but zod. zod's entry loads each of its 64 locales (a third of a
        // data command's start-up went to zod); bundled, with its locales cut to English (its default;
        // Reclaim never configures another), a command loads one file instead of a hundred.
        name: 'packages',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path === 'zod' || args.path.startsWith('zod/') ? undefined : { path: args.path, external: true },
          );
          builder.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
            args.importer.includes(`${path.sep}node_modules${path.sep}zod${path.sep}`)
              ? { path: path.join(ROOT, 'scripts', 'zod-locales.js') }
              : undefined,
          );
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
