/**
 * npm run train:insights
 *
 * Reads the labelled shopper texts (fixtures/insights/batches, groups.json), writes them with
 * their ids and parts to fixtures/insights/labelled.jsonl, and trains the message understanding's
 * two linear models (the group, from which the tag and the category follow, and the sentiment) on
 * the development part only, written to src/insights/understanding/model.json. Deterministic: run
 * twice, the files are the same (test/insights/understanding/model.test.ts checks they are
 * current). `--check` writes nothing and exits 1 when a file is not current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { trainedFiles } from '../src/insights/understanding/training.ts';

const root = new URL('../', import.meta.url);
const { files, summary } = trainedFiles((path) => readFileSync(new URL(path, root), 'utf8'));
const check = process.argv.includes('--check');
let stale = false;
for (const [path, content] of Object.entries(files)) {
  let current = '';
  try {
    current = readFileSync(new URL(path, root), 'utf8');
  } catch {
    /* a missing file is stale */
  }
  if (current === content) continue;
  stale = true;
  if (!check) writeFileSync(new URL(path, root), content);
  process.stdout.write(`${check ? 'not current' : 'wrote'}: ${path}\n`);
}
process.stdout.write(`${summary}\n`);
if (check && stale) process.exitCode = 1;
