/**
 * A Vite plugin that prints the first load's JavaScript, gzipped: the entry chunk and every chunk
 * it imports statically (what the browser fetches before the first page draws; lazy routes are
 * left out), and fails the build above the budget (PANEL.md: 200 KB).
 */
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export const FIRST_LOAD_BUDGET_KB = 200;

interface Chunk {
  type: 'chunk' | 'asset';
  isEntry?: boolean;
  imports?: string[];
  code?: string;
}

/** Gzipped bytes of the entry chunks and their static imports. */
export function firstLoadBytes(bundle: Record<string, Chunk>): { bytes: number; files: string[] } {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (!chunk || chunk.type !== 'chunk' || seen.has(name)) return;
    seen.add(name);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [name, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(name);
  const files = [...seen].sort();
  const bytes = files.reduce((sum, name) => sum + gzipSync(bundle[name]!.code ?? '', { level: 9 }).length, 0);
  return { bytes, files };
}

export function firstLoadBudget(budgetKb = FIRST_LOAD_BUDGET_KB): Plugin {
  return {
    name: 'reclaim-first-load-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { bytes, files } = firstLoadBytes(bundle as unknown as Record<string, Chunk>);
      const kb = bytes / 1024;
      this.info(`first-load JavaScript: ${kb.toFixed(1)} KB gzipped (${files.length} file(s); budget ${budgetKb} KB)`);
      if (kb > budgetKb)
        this.error(`first-load JavaScript is ${kb.toFixed(1)} KB gzipped, over the ${budgetKb} KB budget`);
    },
  };
}
