import { readFileSync, readdirSync } from 'node:fs';
import { labelledSet, groupsSchema } from './src/insights/understanding/dataset.ts';
import { trainLinear, DEFAULT_SETTINGS } from './src/insights/understanding/train.ts';
import { predict } from './src/insights/understanding/model.ts';
const dir = 'fixtures/insights/';
const groups = groupsSchema.parse(JSON.parse(readFileSync(dir + 'groups.json', 'utf8'))).groups;
const batches = readdirSync(dir + 'batches').map((name) => ({ name, source: readFileSync(dir + 'batches/' + name, 'utf8') }));
const all = labelledSet(batches, groups);
const dev = all.filter((t) => t.part === 'development');
const G = Object.keys(groups);
const S = ['negative', 'neutral', 'positive'];
const settings = { ...DEFAULT_SETTINGS, ...JSON.parse(process.argv[2] ?? '{}') };
const folds = 5;
let tag = 0, cat = 0, ins = 0, sen = 0, st = 0, stOk = 0, grp = 0;
for (let f = 0; f < folds; f++) {
  const train = dev.filter((_, i) => i % folds !== f), test = dev.filter((_, i) => i % folds === f);
  const gm = trainLinear(train.map((t) => ({ text: t.text, label: t.group, weight: t.group === 'small-talk' ? settings.stw ?? 1 : 1 })), G, settings);
  const sm = trainLinear(train.map((t) => ({ text: t.text, label: t.sentiment })), S, settings);
  for (const t of test) {
    const p = predict(gm, t.text);
    const best = G[p.indexOf(Math.max(...p))]!;
    // marginal tag
    const tags: Record<string, number> = {}; const cats: Record<string, number> = {};
    G.forEach((g, i) => { const k = groups[g]!.tag ?? 'none'; tags[k] = (tags[k] ?? 0) + p[i]!; const c = groups[g]!.category ?? 'none'; cats[c] = (cats[c] ?? 0) + p[i]!; });
    const bt = Object.entries(tags).sort((a, b) => b[1] - a[1])[0]![0];
    const bc = Object.entries(cats).sort((a, b) => b[1] - a[1])[0]![0];
    const sp = predict(sm, t.text); if (S[sp.indexOf(Math.max(...sp))] === t.sentiment) sen++;
    if (t.tag === null) { st++; if (bt === 'none') stOk++; else if (process.env.SHOW) console.log('ST->', bt, t.text); continue; }
    ins++; if (bt === t.tag) tag++; if (bc === t.category) cat++; if (best === t.group) grp++;
  }
}
console.log(JSON.stringify(settings), 'tag', (tag/ins).toFixed(3), 'cat', (cat/ins).toFixed(3), 'group', (grp/ins).toFixed(3), 'sent', (sen/dev.length).toFixed(3), 'small', (stOk/st).toFixed(3));
