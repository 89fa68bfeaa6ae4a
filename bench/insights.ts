/**
 * npm run bench:insights
 *
 * Seeds a fresh server database set-based with BENCH_MESSAGES (100,000) incoming shopper texts of
 * the last 2 days (the labelled texts of fixtures/insights with a product name, a template text before each
 * conversation's first reply) over BENCH_BRANDS (4) brands, then times `insights batch` with the
 * local analyser through the whole pipeline, database included (read, analyse, write the insights
 * and message insights). Then, on BENCH_LLM_MESSAGES (2,000) more texts of another brand, runs the
 * model analyser against the fake OpenAI-compatible server (answers derived from the local rules,
 * tokens estimated at 4 characters per token) and prints calls per 1,000 messages and tokens per
 * message. Last, the message understanding alone: one text at a time after a warm-up, p50/p95/p99.
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_MESSAGES, BENCH_BRANDS, BENCH_LLM_MESSAGES, BENCH_KEEP=1 (keep the database).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { createLogger, loadConfig } from '../src/app/index.ts';
import { createAppContext } from '../src/cli/index.ts';
import { machineLine, dropUnlessKept } from './machine.ts';
import { createDatabase, createDb, migrateLatest, withDatabase } from '../src/db/index.ts';
import {
  createLlmProvider,
  llmAnalyser,
  localAnalyser,
  runInsightsBatch,
  understand,
  type LabelledText,
} from '../src/insights/index.ts';
import { FAKE_LLM_KEY, FAKE_LLM_MODEL, startFakeOpenAi } from '../test/fakes/openai.ts';
import { modelLikeAnswer } from './insights-fake-model.ts';

const SERVER =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const BRANDS = Number(process.env.BENCH_BRANDS ?? 4);
const LLM_MESSAGES = Number(process.env.BENCH_LLM_MESSAGES ?? 2_000);
const PER_CONVERSATION = 5;
const UNDERSTANDING_ROUNDS = Number(process.env.BENCH_UNDERSTANDING_ROUNDS ?? 5);
const PRODUCTS = ['hoodie', 'jacket', 'sneakers', 'serum', 'backpack', 'lamp', 'mug', 'dress', 'jeans', 'boots'];
const TEMPLATE =
  'Hi Sam, your cart at Northwind is waiting: http://localhost:3000/r/AbC12345 Use LR-ABC234 for 10% off.';
const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Every labelled shopper text (fixtures/insights/labelled.jsonl, both parts: the batch's speed, not its accuracy). */
const LABELLED = readFileSync(new URL('../fixtures/insights/labelled.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as LabelledText);
const TEXTS = LABELLED.map((t) => t.text);

/**
 * The message understanding alone, one text at a time as the shopper agent calls it: after a
 * warm-up pass, every labelled text UNDERSTANDING_ROUNDS times with a cart and the last outgoing
 * text; milliseconds at p50, p95 and p99 of the wall clock, and of the process's CPU time (what
 * the call costs, apart from waiting for a core on a shared machine).
 */
function timeUnderstanding() {
  const conversation = { cart: { products: ['Trail Hoodie', 'Rain Jacket'] }, lastOutgoing: TEMPLATE };
  for (const text of TEXTS) understand(text, conversation);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < UNDERSTANDING_ROUNDS; round += 1)
    for (const text of TEXTS) {
      const cpuAt = process.cpuUsage();
      const at = process.hrtime.bigint();
      understand(text, conversation);
      wall.push(Number(process.hrtime.bigint() - at) / 1e6);
      const used = process.cpuUsage(cpuAt);
      cpu.push((used.user + used.system) / 1000);
    }
  const pick = (times: number[]) => {
    times.sort((a, b) => a - b);
    const at = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
  };
  return { ...pick(wall), cpu: pick(cpu), calls: wall.length };
}

async function seed(url: string, brands: number[], messages: number): Promise<void> {
  const db = createDb({ url, pool: { max: 2 } });
  try {
    const conversations = Math.ceil(messages / PER_CONVERSATION);
    await db.raw(
      `insert into conversations (brand_id, created_at)
       select (?::bigint[])[1 + g % ?], now() - interval '2 days' + g * interval '1 second' from generate_series(0, ? - 1) g`,
      [brands, brands.length, conversations],
    );
    await db.raw(
      `insert into conversation_messages (brand_id, conversation_id, body, direction, status, created_at, sent_at)
       select brand_id, id, ?, 'outgoing', 'sent', created_at, created_at from conversations where brand_id = any(?::bigint[])`,
      [TEMPLATE, brands],
    );
    await db.raw(
      `insert into conversation_messages (brand_id, conversation_id, body, direction, status, created_at)
       select c.brand_id, c.id,
              (?::text[])[1 + (c.id * 7 + k * 13) % ?] || ' (' || (?::text[])[1 + (c.id + k) % ?] || ')',
              'incoming', 'received', c.created_at + k * interval '1 minute'
         from (select * from conversations where brand_id = any(?::bigint[]) order by id limit ?) c
         cross join generate_series(1, ?) k`,
      [TEXTS, TEXTS.length, PRODUCTS, PRODUCTS.length, brands, conversations, PER_CONVERSATION],
    );
    await db.raw('analyze');
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  const name = `reclaim_bench_insights_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(SERVER, name);
  await createDatabase(SERVER, name);
  const fake = await startFakeOpenAi(modelLikeAnswer);
  fake.usage = 'estimate';
  try {
    const setup = createDb({ url, pool: { max: 2 } });
    await migrateLatest(setup);
    await setup.raw(`insert into tenants (name) select 'Bench tenant ' || g from generate_series(1, ?) g`, [
      BRANDS + 1,
    ]);
    await setup.raw(`insert into brands (tenant_id, name) select id, 'Bench brand ' || id from tenants order by id`);
    const ids = (await setup('brands').orderBy('id').pluck('id')).map(Number);
    await setup.destroy();
    const seedStarted = process.hrtime.bigint();
    await seed(url, ids.slice(0, BRANDS), MESSAGES);
    await seed(url, [ids[BRANDS]!], LLM_MESSAGES);
    const seedSeconds = Number(process.hrtime.bigint() - seedStarted) / 1e9;
    const ctx = await createAppContext({
      config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' }),
      logger: createLogger({ level: 'silent', pretty: false }),
      poolMax: 4,
    });
    try {
      const load = os.loadavg()[0]!;
      const started = process.hrtime.bigint();
      const cpuAt = process.cpuUsage();
      const local: Awaited<ReturnType<typeof runInsightsBatch>>['brands'] = [];
      let analysing = 0;
      const timed = {
        ...localAnalyser,
        analyse: async (input: Parameters<typeof localAnalyser.analyse>[0]) => {
          const at = performance.now();
          const result = await localAnalyser.analyse(input);
          analysing += performance.now() - at;
          return result;
        },
      };
      for (const brandId of ids.slice(0, BRANDS))
        local.push(...(await runInsightsBatch(ctx, { brandId }, { analyser: timed })).brands);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const cpu = process.cpuUsage(cpuAt);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      const read = local.reduce((n, b) => n + b.messages_read, 0);
      const sum = (k: 'linked' | 'new_insights' | 'none' | 'excluded') => local.reduce((n, b) => n + b[k], 0);
      const perSecond = read / seconds;

      const llm = createLlmProvider({ baseUrl: fake.baseUrl, apiKey: FAKE_LLM_KEY, model: FAKE_LLM_MODEL, db: ctx.db });
      const llmStarted = process.hrtime.bigint();
      const [withModel] = (await runInsightsBatch(ctx, { brandId: ids[BRANDS]! }, { analyser: llmAnalyser(llm) }))
        .brands;
      const llmSeconds = Number(process.hrtime.bigint() - llmStarted) / 1e9;
      const m = withModel!;
      const u = timeUnderstanding();
      process.stdout.write(
        [
          `bench:insights — insights batch over ${fmt(MESSAGES)} incoming shopper texts (${BRANDS} brands), local analyser, database included`,
          machineLine(SERVER, `load average ${fmt(load, 2)} at start`),
          `seeded in ${fmt(seedSeconds, 1)} s`,
          `local: ${fmt(read)} messages analysed in ${fmt(seconds, 2)} s: ${fmt(perSecond)} messages/s (target >= 2,000: ${perSecond >= 2000 ? 'met' : 'NOT met'}); of which analysis ${fmt(analysing / 1000, 2)} s`,
          `local: this process used ${fmt(cpuSeconds, 2)} s of CPU (${fmt(read / cpuSeconds)} messages per CPU second; PostgreSQL's own CPU not counted): on a shared machine the wall-clock figure above is load-bound`,
          `local outcomes: linked ${fmt(sum('linked'))}, new insights ${fmt(sum('new_insights'))}, none ${fmt(sum('none'))}, excluded ${fmt(sum('excluded'))}`,
          `model (fake OpenAI-compatible server, batches of 20, tokens = characters / 4): ${fmt(m.messages_read)} messages, ${fmt(m.model_calls)} calls in ${fmt(llmSeconds, 2)} s`,
          `model: ${fmt((m.model_calls / Math.max(1, m.messages_read)) * 1000, 1)} calls per 1,000 messages, ${fmt(m.tokens / Math.max(1, m.messages_read), 1)} tokens per message (prompt ${fmt(m.prompt_tokens / Math.max(1, m.messages_read), 1)}, completion ${fmt(m.completion_tokens / Math.max(1, m.messages_read), 1)})`,
          `understanding (one text, warm, ${fmt(u.calls)} calls): p50 ${fmt(u.p50, 3)} ms, p95 ${fmt(u.p95, 3)} ms, p99 ${fmt(u.p99, 3)} ms (target p95 < 2 ms: ${u.p95 < 2 ? 'met' : 'NOT met'}); CPU time per call p50 ${fmt(u.cpu.p50, 3)} ms, p95 ${fmt(u.cpu.p95, 3)} ms, p99 ${fmt(u.cpu.p99, 3)} ms`,
          `command: npm run bench:insights (BENCH_MESSAGES=${MESSAGES} BENCH_BRANDS=${BRANDS} BENCH_LLM_MESSAGES=${LLM_MESSAGES})`,
          '',
        ].join('\n'),
      );
      if (perSecond < 2000 || u.p95 >= 2) process.exitCode = 1;
    } finally {
      await ctx.release();
    }
  } finally {
    await fake.close();
    await dropUnlessKept(SERVER, name);
  }
}

await main();
