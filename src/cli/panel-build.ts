/**
 * The web panel is built on start when `web-panel/dist` is missing or older than its sources
 * (web-panel/index.html, the Vite config and its plugins, everything under web-panel/src and
 * web-panel/public), so `npm install &&
 * npm start` serves the current panel with no other step. A build takes a few seconds; an
 * up-to-date dist is used as it is.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

export const PANEL_ROOT = fileURLToPath(new URL('../../web-panel/', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The files of web-panel/ besides src/ and public/ that shape the build. */
const PANEL_BUILD_FILES = ['index.html', 'vite.config.ts', 'first-load-budget.ts', 'precompress.ts'];

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Why the panel needs a build ("missing", "outdated"), or null when dist is current. */
export function panelBuildNeeded(root = PANEL_ROOT): 'missing' | 'outdated' | null {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return 'missing';
  const sources = Math.max(
    ...['src', 'public'].filter((dir) => existsSync(join(root, dir))).map((dir) => newestSource(join(root, dir))),
    ...PANEL_BUILD_FILES.filter((file) => existsSync(join(root, file))).map(
      (file) => statSync(join(root, file)).mtimeMs,
    ),
  );
  return sources > statSync(built).mtimeMs ? 'outdated' : null;
}

/**
 * Builds the panel when needed (`vite build`, output on stderr). Returns what was done; a failed
 * build throws with vite's message (the server would serve no panel otherwise).
 */
export async function ensurePanelBuilt(
  log: (line: string) => void = () => {},
): Promise<'built' | 'current' | 'unavailable'> {
  if (!existsSync(join(PANEL_ROOT, 'src'))) return 'unavailable';
  const reason = panelBuildNeeded();
  if (!reason) return 'current';
  log(`Building the web panel (web-panel/dist is ${reason})…`);
  // stdout stays clean (`start --json`); vite's warnings and errors go to stderr.
  await execa('vite', ['build', '--config', join(PANEL_ROOT, 'vite.config.ts'), '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    preferLocal: true,
    localDir: REPO_ROOT,
    stdout: 'ignore',
    stderr: 'inherit',
  });
  return 'built';
}
