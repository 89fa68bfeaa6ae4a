/**
 * npm run cv:insights
 *
 * Chooses the message understanding's settings by 5-fold cross-validation inside the development
 * part of fixtures/insights only: the held-out part is never read. For each candidate setting, a
 * model is trained on four folds and the fifth goes through the local analyser (grouping
 * included); the figures are averaged over the folds. Prints one line per candidate, best last.
 * CV_GRID=intent|train|prune picks which training settings are varied besides the grouping
 * thresholds (default: intent, the thresholds alone; prune: the weights dropped from model.json).
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import {
  analyseLocally,
  asShopperMessages,
  evaluate,
  fromLabelled,
  readLabelled,
  TRAIN_SETTINGS as SETTINGS,
  trainOn,
  understandWith,
  type LabelledText,
} from '../src/insights/index.ts';
import { groupsSchema } from '../src/insights/understanding/dataset.ts';

const root = new URL('../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');
const groups = groupsSchema.parse(JSON.parse(read('fixtures/insights/groups.json'))).groups;
const names = Object.keys(groups);
const development = readLabelled(read).filter((t) => t.part === 'development');
const FOLDS = 5;
const foldOf = (t: LabelledText): number => createHash('sha1').update(`cv:${t.id}`).digest().readUInt32BE(0) % FOLDS;

type Settings = typeof SETTINGS;
const trained = new Map<string, ReturnType<typeof trainOn>[]>();
function modelsFor(settings: Settings) {
  const key = JSON.stringify(settings);
  let list = trained.get(key);
  if (!list) {
    list = [];
    for (let k = 0; k < FOLDS; k += 1)
      list.push(
        trainOn(
          development.filter((t) => foldOf(t) !== k),
          names,
          settings,
          { sentiment: false },
        ),
      );
    trained.set(key, list);
  }
  return list;
}

function score(settings: Settings, intentConfidence: number, groupThreshold: number, joinConfidence: number) {
  const sums = { tag: 0, category: 0, purity: 0, completeness: 0, none: 0 };
  modelsFor(settings).forEach((models, k) => {
    const fold = fromLabelled(development.filter((t) => foldOf(t) === k));
    const m = { ...models, groups };
    const outcomes = analyseLocally([], asShopperMessages(fold), {
      understand: (text, c) => understandWith(m, text, c),
      intentConfidence,
      groupThreshold,
      joinConfidence,
    });
    const e = evaluate(fold, outcomes);
    sums.tag += e.tagAccuracy / FOLDS;
    sums.category += e.categoryAccuracy / FOLDS;
    sums.purity += e.groupingPurity / FOLDS;
    sums.completeness += e.groupingCompleteness / FOLDS;
    sums.none += e.noneRate / FOLDS;
  });
  return sums;
}

const grid = process.env.CV_GRID ?? 'intent';
const trainGrid: Partial<Settings>[] =
  grid === 'intent'
    ? [{}]
    : grid === 'prune'
      ? [0.01, 0.05, 0.1].map((prune) => ({ prune }))
      : [
          ...[1e-5, 1e-4, 1e-3].flatMap((l2) => [10, 30].map((epochs) => ({ l2, epochs }))),
          ...[1, 3].map((minCount) => ({ minCount })),
        ];
const rows: { line: string; objective: number }[] = [];
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
for (const change of trainGrid) {
  const settings = { ...SETTINGS, ...change };
  for (const intentConfidence of [0.5, 0.6, 0.7, 0.8])
    for (const groupThreshold of [0.2, 0.34, 0.5])
      for (const joinConfidence of [0.2, 0.3, 0.4, 0.5, 1]) {
        if (joinConfidence < 1 && joinConfidence >= intentConfidence) continue;
        const s = score(settings, intentConfidence, groupThreshold, joinConfidence);
        // The best purity + completeness (the grouping targets weigh them alike).
        const objective = s.purity + s.completeness;
        rows.push({
          objective,
          line: `${JSON.stringify(change)} intent ${intentConfidence} group ${groupThreshold} join ${joinConfidence}: tag ${pct(s.tag)} category ${pct(s.category)} none ${pct(s.none)} purity ${pct(s.purity)} completeness ${pct(s.completeness)}`,
        });
      }
}
rows.sort((a, b) => a.objective - b.objective);
for (const r of rows.slice(-15)) process.stdout.write(`${r.line}\n`);
