import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_KB } from '../../src/demo/index.ts';
import { normalForm } from '../../src/insights/index.ts';

// The fresh held-out set (fixtures/agent/fresh-heldout.json) was written by someone who never saw
// the development texts (eval.json, fresh-*.json, dev-*.json); npm run eval:agent reports it beside them.
const ROOT = new URL('../../', import.meta.url);
const FRESH = 'fixtures/agent/fresh-heldout.json';
const read = (path: string): string => readFileSync(new URL(path, ROOT), 'utf8');
interface EvalText {
  text: string;
  kind: 'answerable' | 'escalate' | 'small_talk';
  card?: string;
  facts?: string[];
}
const textsOf = (path: string): EvalText[] => (JSON.parse(read(path)) as { texts: EvalText[] }).texts;

describe('the fresh held-out set of the shopper agent', () => {
  const fresh = textsOf(FRESH);

  // Written as 45% answerable, 30% to escalate and 25% small talk; the texts equal to a development
  // text were dropped (most of them short small talk: "ok", "thanks").
  it('has at least 150 texts: about half answerable, a third to escalate, the rest small talk', () => {
    expect(fresh.length).toBeGreaterThanOrEqual(150);
    const share = (kind: EvalText['kind']): number => fresh.filter((t) => t.kind === kind).length / fresh.length;
    expect(share('answerable')).toBeGreaterThan(0.45);
    expect(share('answerable')).toBeLessThan(0.55);
    expect(share('escalate')).toBeGreaterThan(0.25);
    expect(share('escalate')).toBeLessThan(0.35);
    expect(share('small_talk')).toBeGreaterThan(0.12);
  });

  it('labels every answerable text with one published demo card that states each expected fact', () => {
    const published = new Map(
      DEMO_KB.nw!.filter((c) => c[2] === 'published').map(([title, content]) => [title, content.toLowerCase()]),
    );
    for (const t of fresh.filter((x) => x.kind === 'answerable')) {
      expect(published.has(t.card!), t.text).toBe(true);
      expect(t.facts!.length, t.text).toBeGreaterThan(0);
      for (const fact of t.facts!) expect(published.get(t.card!), t.text).toContain(fact.toLowerCase());
    }
    for (const t of fresh.filter((x) => x.kind !== 'answerable')) expect(t.card ?? null, t.text).toBeNull();
  });

  it('shares no text with the development sets and repeats none of its own (in normal form)', () => {
    const development = readdirSync(new URL('fixtures/agent/', ROOT)).filter((f) =>
      /^(eval|fresh-\d+|dev-.+)\.json$/.test(f),
    );
    expect(development.length).toBeGreaterThanOrEqual(5);
    const evalTexts = new Set(
      development.flatMap((f) => textsOf(`fixtures/agent/${f}`)).map((t) => normalForm(t.text)),
    );
    expect(fresh.filter((t) => evalTexts.has(normalForm(t.text))).map((t) => t.text)).toEqual([]);
    expect(new Set(fresh.map((t) => normalForm(t.text))).size).toBe(fresh.length);
  });

  it('is read by the evaluation only: no tuning script, source or other bench reads it', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.(ts|tsx|js|mjs|cjs|json|sh)$/.test(f) && f !== FRESH && !f.endsWith('package-lock.json'));
    const readers = files.filter((f) => /fresh-heldout/.test(read(f)));
    expect(readers.sort()).toEqual(['bench/eval-agent.ts', 'test/agent/eval-fresh.test.ts']);
  });

  it('stays as it was when its figures were first taken (nothing edited after the run)', () => {
    expect(createHash('sha256').update(read(FRESH)).digest('hex')).toBe(
      '79c5660961f944df3c6e1a2d8e4fd34ffcf501fae1a5de47fe8d46db06b75817',
    );
  });
});
