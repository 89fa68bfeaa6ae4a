/**
 * npm run vocabulary:agent
 *
 * Writes src/agent/vocabulary.json: for each word stem of the development part of the labelled
 * shopper texts (fixtures/insights/labelled.jsonl, the message understanding's training texts), in
 * how many texts of each group it is used. The shopper agent reads a question's words against it
 * (src/agent/match.ts): a word shoppers use across many groups names none of them; a word shoppers
 * use for the question's intent is explained by a card answering that intent. The shopper agent's
 * own development texts (fixtures/agent: eval.json, fresh-1.json, fresh-2.json, dev-*.json; never the fresh
 * held-out set) count too: each answerable text under the intent of its card that the message
 * understanding finds likeliest for it (agentTextsOf). Deterministic; `--check` writes nothing and
 * exits 1 when the file is not current; `--leave-out FILE` builds it without that development file
 * (to measure on it: a cross-check, never written with --check).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { agentTextsOf, vocabularyOf } from '../src/agent/match.ts';
import { DEMO_KB } from '../src/demo/index.ts';

const root = new URL('../', import.meta.url);
const PATH = 'src/agent/vocabulary.json';
const texts: { text: string; group: string }[] = readFileSync(new URL('fixtures/insights/labelled.jsonl', root), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { text: string; group: string; part: string })
  .filter((t) => t.part === 'development');
const leaveOut = process.argv.includes('--leave-out') ? process.argv[process.argv.indexOf('--leave-out') + 1] : null;
const agentFiles = readdirSync(new URL('fixtures/agent/', root))
  .filter((f) => /^(eval|fresh-\d+|dev-.+)\.json$/.test(f) && f !== leaveOut)
  .sort();
const cards = Object.fromEntries(DEMO_KB.nw!.map(([title, content]) => [title, content]));
for (const f of agentFiles) {
  const { texts: agent } = JSON.parse(readFileSync(new URL(`fixtures/agent/${f}`, root), 'utf8')) as {
    texts: { text: string; kind: string; card?: string }[];
  };
  texts.push(...agentTextsOf(agent, cards));
}
const { groups } = JSON.parse(readFileSync(new URL('fixtures/insights/groups.json', root), 'utf8')) as {
  groups: Record<string, { sentiment: string }>;
};
const content = `${JSON.stringify(vocabularyOf(texts, groups), null, 0)}\n`;
let current = '';
try {
  current = readFileSync(new URL(PATH, root), 'utf8');
} catch {
  /* a missing file is stale */
}
if (current !== content) {
  if (process.argv.includes('--check')) {
    process.stdout.write(`not current: ${PATH}\n`);
    process.exitCode = 1;
  } else {
    writeFileSync(new URL(PATH, root), content);
    process.stdout.write(`wrote: ${PATH} (${texts.length} texts; agent texts from ${agentFiles.join(', ')})\n`);
  }
}
