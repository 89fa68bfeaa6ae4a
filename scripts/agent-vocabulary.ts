/**
 * npm run vocabulary:agent
 *
 * Writes src/agent/vocabulary.json: for each word stem of the development part of the labelled
 * shopper texts (fixtures/insights/labelled.jsonl, the message understanding's training texts), in
 * how many texts of each group it is used. The shopper agent reads a question's words against it
 * (src/agent/match.ts): a word shoppers use across many groups names none of them; a word shoppers
 * use for the question's intent is explained by a card answering that intent. Deterministic;
 * `--check` writes nothing and exits 1 when the file is not current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { vocabularyOf } from '../src/agent/match.ts';

const root = new URL('../', import.meta.url);
const PATH = 'src/agent/vocabulary.json';
const texts = readFileSync(new URL('fixtures/insights/labelled.jsonl', root), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { text: string; group: string; part: string })
  .filter((t) => t.part === 'development');
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
    process.stdout.write(`wrote: ${PATH} (${texts.length} texts)\n`);
  }
}
