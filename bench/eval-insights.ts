/**
 * npm run eval:insights
 *
 * Runs the local analyser (and the configured model too when LLM_BASE_URL and LLM_MODEL are set)
 * over the evaluation set fixtures/insights/eval.json and prints tag, category and sentiment
 * accuracy, grouping purity, the none-rate on small talk and the confusion matrix of tags, against
 * the targets. Exit code 1 when the local analyser misses a target. EVAL_MISSES=1 lists the
 * messages whose tag was wrong.
 */
import { readFileSync } from 'node:fs';
import { createLogger, loadConfig } from '../src/app/index.ts';
import { createDb } from '../src/db/index.ts';
import {
  asShopperMessages,
  evalSetSchema,
  evaluate,
  EVAL_TARGETS,
  labelledMessages,
  llmAnalyser,
  localAnalyser,
  llmFromConfig,
  type Analyser,
  type Evaluation,
} from '../src/insights/index.ts';

const set = evalSetSchema.parse(
  JSON.parse(readFileSync(new URL('../fixtures/insights/eval.json', import.meta.url), 'utf8')),
);
const messages = labelledMessages(set);
const out = (line = ''): void => void process.stdout.write(`${line}\n`);
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

function print(name: string, e: Evaluation, extra = ''): boolean {
  const rows: [string, number, number | undefined][] = [
    ['tag accuracy', e.tagAccuracy, EVAL_TARGETS.tagAccuracy],
    ['category accuracy', e.categoryAccuracy, EVAL_TARGETS.categoryAccuracy],
    ['sentiment accuracy', e.sentimentAccuracy, EVAL_TARGETS.sentimentAccuracy],
    ['none-rate on small talk', e.noneRate, EVAL_TARGETS.noneRate],
    ['insight messages given none', e.missedRate, undefined],
    ['grouping purity', e.groupingPurity, undefined],
  ];
  out(`\n== ${name}: ${e.messages} messages (${e.insightMessages} with an insight, ${e.smallTalk} small talk)${extra}`);
  let ok = true;
  for (const [label, value, target] of rows) {
    const met =
      target === undefined
        ? ''
        : value >= target
          ? `  (target ${pct(target)}: met)`
          : `  (target ${pct(target)}: MISSED)`;
    if (target !== undefined && value < target) ok = false;
    out(`${label.padEnd(30)} ${pct(value).padStart(6)}${met}`);
  }
  out(
    `${'insights formed'.padEnd(30)} ${String(e.insightsFormed).padStart(6)}  (expected groups: ${e.expectedGroups})`,
  );
  const labels = Object.keys(e.confusion);
  const short = (l: string): string => l.slice(0, 6);
  out(`\ntag confusion (rows expected, columns given)`);
  out(`${''.padEnd(15)}${labels.map((l) => short(l).padStart(7)).join('')}`);
  for (const expected of labels)
    out(`${expected.padEnd(15)}${labels.map((g) => String(e.confusion[expected]![g] || '.').padStart(7)).join('')}`);
  if (process.env.EVAL_MISSES) for (const m of e.misses) out(`  ${m.expected} -> ${m.given}: ${m.text}`);
  return ok;
}

async function run(analyser: Analyser): Promise<Evaluation> {
  const result = await analyser.analyse({ insights: [], messages: asShopperMessages(messages) });
  return evaluate(messages, result.outcomes);
}

const started = performance.now();
const local = await run(localAnalyser);
const ok = print('local analyser', local, `, ${Math.round(performance.now() - started)} ms`);

const config = loadConfig();
if (config.LLM_BASE_URL && config.LLM_MODEL) {
  const db = config.DATABASE_URL ? createDb({ url: config.DATABASE_URL, pool: { max: 2 } }) : undefined;
  const logger = createLogger({ level: 'warn' });
  const llm = llmFromConfig({ config, logger, db: db! });
  if (llm) {
    const analyser = llmAnalyser(llm, { logger });
    const result = await analyser.analyse({ insights: [], messages: asShopperMessages(messages) });
    print(
      `model ${llm.model}`,
      evaluate(messages, result.outcomes),
      `, ${result.modelCalls} calls, ${result.promptTokens + result.completionTokens} tokens`,
    );
  }
  await db?.destroy();
}
process.exitCode = ok ? 0 : 1;
