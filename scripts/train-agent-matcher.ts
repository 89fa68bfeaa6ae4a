/**
 * npm run train:agent
 *
 * Trains the shopper agent's matcher (src/agent/matcher.ts) and writes src/agent/matcher.json. The
 * texts: the agent's development sets (fixtures/agent: eval.json, fresh-1.json, fresh-2.json, dev-*.json; never
 * the fresh held-out set), against the demo brand Northwind's published cards, on a fresh database
 * (the same retrieval and features as the agent). A pair (text, card found for it) is positive when
 * the text is answerable from that card. The threshold is chosen by 5-fold cross-validation over the
 * texts: the lowest probability from which the best card of a text answers with at most
 * WRONG_TARGET of the answers wrong (answering a text that must escalate or stay silent, or from
 * another card than its own). Then the model is trained on all of them.
 *
 * `--leave-out FILE` trains without that development file (with `EVAL_APART=FILE npm run
 * eval:agent`: a cross-check on texts it never saw). Environment: BENCH_DATABASE_URL (default
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import {
  cardPairs,
  FEATURES,
  pairFeatures,
  probabilityOf,
  trainLogistic,
  type MatcherModel,
} from '../src/agent/index.ts';
import { withNorthwindCards } from '../bench/northwind-kb.ts';

const root = new URL('../', import.meta.url);
const PATH = 'src/agent/matcher.json';
export const WRONG_TARGET = 0.01;
const FOLDS = 5;
const STRICT = FEATURES.indexOf('strict');
/** The thresholds tried, highest first: by 0.001 down to 0.9, then by 0.01 down to 0.5. */
const GRID = [
  ...Array.from({ length: 100 }, (_, i) => Math.round((0.999 - i * 0.001) * 1000) / 1000),
  ...Array.from({ length: 40 }, (_, i) => Math.round((0.89 - i * 0.01) * 100) / 100),
];

interface EvalText {
  text: string;
  kind: 'answerable' | 'escalate' | 'small_talk';
  card?: string;
}
interface Example {
  text: EvalText;
  fold: number;
  pairs: { title: string; x: number[]; y: 0 | 1 }[];
}

const leaveOut = process.argv.includes('--leave-out') ? process.argv[process.argv.indexOf('--leave-out') + 1] : null;
const files = readdirSync(new URL('fixtures/agent/', root))
  .filter((f) => /^(eval|fresh-\d+|dev-.+)\.json$/.test(f) && f !== leaveOut)
  .sort();
const read = (f: string): EvalText[] =>
  (JSON.parse(readFileSync(new URL(`fixtures/agent/${f}`, root), 'utf8')) as { texts: EvalText[] }).texts;
const texts = files.flatMap(read);
const foldOf = (text: string): number =>
  Number.parseInt(createHash('sha256').update(`reclaim-agent-matcher:${text}`).digest('hex').slice(0, 8), 16) % FOLDS;

const examples = (list: EvalText[]): Promise<Example[]> =>
  withNorthwindCards('reclaim_train_agent', async (db, brandId) => {
    const out: Example[] = [];
    for (const text of list) {
      const { cards, inputs } = await cardPairs({ db }, { brandId, text: text.text });
      out.push({
        text,
        fold: foldOf(text.text),
        pairs: cards.map((c, i) => ({
          title: c.title,
          x: pairFeatures(inputs[i]!),
          y: text.kind === 'answerable' && text.card === c.title ? 1 : 0,
        })),
      });
    }
    return out;
  });

const fit = (list: Example[]): MatcherModel => ({
  about: '',
  features: [...FEATURES],
  ...trainLogistic(list.flatMap((e) => e.pairs)),
  threshold: 1,
});

/** Per text: its best card's probability and whether answering from it is right. */
function outcomes(model: MatcherModel, list: Example[]): { p: number; right: boolean; answerable: boolean }[] {
  return list.map((e) => {
    let best = { p: 0, right: false };
    for (const pair of e.pairs) {
      // Only a card that matches by structure can be the answer (rankCards).
      const p = pair.x[STRICT] ? probabilityOf(model, pair.x) : 0;
      if (p > best.p) best = { p, right: pair.y === 1 };
    }
    return { ...best, answerable: e.text.kind === 'answerable' };
  });
}

function measure(rows: { p: number; right: boolean; answerable: boolean }[], t: number) {
  const answered = rows.filter((r) => r.p >= t);
  const wrong = answered.filter((r) => !r.right).length;
  const right = answered.length - wrong;
  return {
    answered: answered.length,
    wrong,
    wrongShare: answered.length ? wrong / answered.length : 0,
    correctShare: right / Math.max(1, rows.filter((r) => r.answerable).length),
  };
}

const all = await examples(texts);
const cv = Array.from({ length: FOLDS }, (_, k) =>
  outcomes(
    fit(all.filter((e) => e.fold !== k)),
    all.filter((e) => e.fold === k),
  ),
).flat();
// The lowest threshold down to which every threshold keeps the cross-validated wrong answers within the target.
let threshold = 1;
for (const t of GRID)
  if (measure(cv, t).wrongShare <= WRONG_TARGET) threshold = t;
  else break;
const m = measure(cv, threshold);
const model: MatcherModel = {
  ...fit(all),
  threshold,
  about: `Trained by npm run train:agent on ${all.length} development texts (${files.join(', ')}). Threshold by ${FOLDS}-fold cross-validation: ${(100 * m.correctShare).toFixed(1)}% of the answerable answered from their card, ${(100 * m.wrongShare).toFixed(1)}% of ${m.answered} answers wrong. Do not edit.`,
};
writeFileSync(new URL(PATH, root), `${JSON.stringify(model, null, 1)}\n`);
process.stdout.write(
  `wrote ${PATH}: ${all.length} texts, threshold ${threshold}; cross-validated: answered correctly ${(100 * m.correctShare).toFixed(1)}%, wrong ${m.wrong}/${m.answered}\n`,
);
for (const t of [0.999, 0.99, 0.95, 0.9, 0.8, 0.5]) {
  const r = measure(cv, t);
  process.stdout.write(
    `  cross-validated at ${t}: answered correctly ${(100 * r.correctShare).toFixed(1)}%, wrong ${r.wrong}/${r.answered}\n`,
  );
}
