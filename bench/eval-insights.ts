/**
 * npm run eval:insights
 *
 * Runs the local analyser (the message understanding, no model) over the labelled shopper texts of
 * fixtures/insights (labelled.jsonl, written by npm run train:insights) and prints, for the
 * development part (trained on) and the held-out part (never trained or tuned on) side by side:
 * tag, category and sentiment accuracy, the none-rate on small talk, grouping purity and
 * completeness, against the targets; then the held-out tag confusion matrix. Exit code 1 when the
 * held-out part misses a target. EVAL_MISSES=1 lists the held-out texts whose tag was wrong.
 *
 * With a model (LLM_BASE_URL and LLM_MODEL set) the held-out part also goes through the model
 * analyser, the structured-output path the batch uses; EVAL_FAKE_LLM=1 starts a local fake
 * OpenAI-compatible server that answers the way a model would (from the message understanding) and
 * points the model analyser at it. Both print the calls and tokens per 1,000 messages.
 */
import { readFileSync } from 'node:fs';
import { createLogger, loadConfig } from '../src/app/index.ts';
import { createDb } from '../src/db/index.ts';
import {
  asShopperMessages,
  createLlmProvider,
  evaluate,
  EVAL_TARGETS,
  fromLabelled,
  llmAnalyser,
  llmFromConfig,
  localAnalyser,
  type Analyser,
  type Evaluation,
  type InsightTag,
  type KnownInsight,
  type LabelledText,
  type Outcome,
} from '../src/insights/index.ts';
import { FAKE_LLM_KEY, FAKE_LLM_MODEL, startFakeOpenAi } from '../test/fakes/openai.ts';
import { modelLikeAnswer } from './insights-fake-model.ts';

const texts = readFileSync(new URL('../fixtures/insights/labelled.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as LabelledText);
const parts = {
  development: fromLabelled(texts.filter((t) => t.part === 'development')),
  'held-out': fromLabelled(texts.filter((t) => t.part === 'held-out')),
};
const out = (line = ''): void => void process.stdout.write(`${line}\n`);
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

const ROWS: [string, keyof Evaluation, number | undefined][] = [
  ['tag accuracy', 'tagAccuracy', EVAL_TARGETS.tagAccuracy],
  ['category accuracy', 'categoryAccuracy', EVAL_TARGETS.categoryAccuracy],
  ['sentiment accuracy', 'sentimentAccuracy', EVAL_TARGETS.sentimentAccuracy],
  ['small talk given none', 'noneRate', EVAL_TARGETS.noneRate],
  ['grouping purity', 'groupingPurity', EVAL_TARGETS.groupingPurity],
  ['grouping completeness', 'groupingCompleteness', EVAL_TARGETS.groupingCompleteness],
  ['insight texts given none', 'missedRate', undefined],
];

/**
 * The messages page by page as the batch reads them (the analyser's page size): after each page the
 * insights it formed are the brand's, listed to the next page (a model links to them). A link is
 * scored as the tag and category of the insight it names.
 */
async function run(analyser: Analyser, messages: (typeof parts)['held-out']) {
  const shopper = asShopperMessages(messages);
  const page = analyser.pageSize ?? shopper.length;
  const known: (KnownInsight & { key: string })[] = [];
  const byKey = new Map<string, KnownInsight & { key: string }>();
  const outcomes: Outcome[] = [];
  const result = { modelCalls: 0, cachedCalls: 0, promptTokens: 0, completionTokens: 0 };
  for (let at = 0; at < shopper.length; at += page) {
    const analysis = await analyser.analyse({ insights: [...known].reverse(), messages: shopper.slice(at, at + page) });
    for (const k of ['modelCalls', 'cachedCalls', 'promptTokens', 'completionTokens'] as const)
      result[k] += analysis[k];
    for (const o of analysis.outcomes) {
      if (o.kind === 'new' && !byKey.has(o.key)) {
        const insight = {
          id: known.length + 1,
          key: o.key,
          ...o.insight,
        };
        known.push(insight);
        byKey.set(o.key, insight);
      }
      const insight = o.kind === 'new' ? byKey.get(o.key) : o.kind === 'linked' ? known[o.insightId - 1] : undefined;
      outcomes.push(
        insight && o.kind !== 'none'
          ? {
              kind: 'new',
              messageId: o.messageId,
              key: insight.key,
              insight: {
                topic: insight.topic ?? '',
                body: insight.body ?? '',
                proposedSolution: '',
                category: insight.category,
                tag: insight.tag as InsightTag,
              },
              summary: o.summary,
              sentiment: o.sentiment,
            }
          : o,
      );
    }
  }
  return { evaluation: evaluate(messages, outcomes), result };
}

function table(columns: [string, Evaluation][]): boolean {
  out(`${''.padEnd(26)}${columns.map(([name]) => name.padStart(14)).join('')}  target   held-out`);
  let ok = true;
  for (const [label, key, target] of ROWS) {
    const heldOut = columns.at(-1)![1][key] as number;
    const met = target === undefined ? '' : heldOut >= target ? 'met' : 'MISSED';
    if (target !== undefined && heldOut < target) ok = false;
    out(
      `${label.padEnd(26)}${columns.map(([, e]) => pct(e[key] as number).padStart(14)).join('')}  ${(target === undefined ? '' : pct(target)).padStart(6)}   ${met}`,
    );
  }
  out(
    `${'texts (insight / small talk)'.padEnd(26)}${columns.map(([, e]) => `${e.insightMessages} / ${e.smallTalk}`.padStart(14)).join('')}`,
  );
  out(
    `${'insights formed (groups)'.padEnd(26)}${columns.map(([, e]) => `${e.insightsFormed} (${e.expectedGroups})`.padStart(14)).join('')}`,
  );
  return ok;
}

function confusion(e: Evaluation): void {
  const labels = Object.keys(e.confusion);
  out(`\nheld-out tag confusion (rows expected, columns given)`);
  out(`${''.padEnd(15)}${labels.map((l) => l.slice(0, 6).padStart(7)).join('')}`);
  for (const expected of labels)
    out(`${expected.padEnd(15)}${labels.map((g) => String(e.confusion[expected]![g] || '.').padStart(7)).join('')}`);
  if (process.env.EVAL_MISSES) for (const m of e.misses) out(`  ${m.expected} -> ${m.given}: ${m.text}`);
}

const started = performance.now();
const dev = await run(localAnalyser, parts.development);
const held = await run(localAnalyser, parts['held-out']);
out(
  `== local analyser (message understanding, trained on the development part): ${texts.length} texts, ${Math.round(performance.now() - started)} ms`,
);
const ok = table([
  ['development', dev.evaluation],
  ['held-out', held.evaluation],
]);
confusion(held.evaluation);

const config = loadConfig();
const fake = process.env.EVAL_FAKE_LLM ? await startFakeOpenAi(modelLikeAnswer) : undefined;
if (fake) fake.usage = 'estimate';
const db = !fake && config.DATABASE_URL ? createDb({ url: config.DATABASE_URL, pool: { max: 2 } }) : undefined;
try {
  const logger = createLogger({ level: 'warn' });
  const llm = fake
    ? createLlmProvider({ baseUrl: fake.baseUrl, apiKey: FAKE_LLM_KEY, model: FAKE_LLM_MODEL })
    : config.LLM_BASE_URL && config.LLM_MODEL
      ? llmFromConfig({ config, logger, ...(db ? { db } : {}) })
      : undefined;
  if (llm) {
    const at = performance.now();
    const { evaluation, result } = await run(llmAnalyser(llm, { logger }), parts['held-out']);
    const n = parts['held-out'].length;
    out(
      `\n== model ${llm.model}${fake ? ' (local fake OpenAI-compatible server, structured output)' : ''}: held-out part, ${Math.round(performance.now() - at)} ms`,
    );
    table([['held-out', evaluation]]);
    out(
      `calls: ${result.modelCalls} (${((result.modelCalls / n) * 1000).toFixed(1)} per 1,000 messages, ${result.cachedCalls} from the cache); tokens: ${result.promptTokens} prompt + ${result.completionTokens} completion = ${(((result.promptTokens + result.completionTokens) / n) * 1000).toFixed(0)} per 1,000 messages`,
    );
    if (fake) {
      const structured = fake.requests.filter(
        (r) => r.body?.response_format?.type === 'json_schema' && r.body.response_format.json_schema?.strict === true,
      ).length;
      out(
        `wire: ${fake.requests.length} POST /v1/chat/completions, ${structured} with response_format json_schema (strict, ${fake.requests[0]?.body?.response_format?.json_schema?.name ?? '-'})`,
      );
    }
  }
} finally {
  await fake?.close();
  await db?.destroy();
}
process.exitCode = ok ? 0 : 1;
