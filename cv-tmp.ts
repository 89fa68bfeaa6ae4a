import { readFileSync } from 'node:fs';
import { readLabelled, trainOn } from './src/insights/understanding/training.ts';
import { understandWith } from './src/insights/understanding/understand.ts';
import { groupsSchema } from './src/insights/understanding/dataset.ts';
const read = (p: string) => readFileSync(p, 'utf8');
const groups = groupsSchema.parse(JSON.parse(read('fixtures/insights/groups.json'))).groups;
const dev = readLabelled(read).filter((t) => t.part === 'development');
const folds = 5; const taus = [0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];
const res = taus.map(() => ({ clusters: new Map<string, string[]>() }));
for (let f = 0; f < folds; f++) {
  const train = dev.filter((_, i) => i % folds !== f), test = dev.filter((_, i) => i % folds === f);
  const m = trainOn(train, Object.keys(groups));
  const models = { ...m, groups };
  for (const t of test) {
    if (t.tag === null) continue;
    const u = understandWith(models, t.text);
    taus.forEach((tau, k) => {
      const key = u.topic.value === null ? `none:${f}:${t.id}` : u.intent.confidence >= tau ? `${f}/${u.topic.value}/${u.stage.value}/${u.intent.value}` : `single:${t.id}`;
      const c = res[k]!.clusters; c.set(key, [...(c.get(key) ?? []), t.group]);
    });
  }
}
taus.forEach((tau, k) => {
  let pure = 0, n = 0; const byG = new Map<string, Map<string, number>>();
  for (const [key, members] of res[k]!.clusters) { const cnt = new Map<string, number>(); for (const g of members) cnt.set(g, (cnt.get(g) ?? 0) + 1); pure += Math.max(...cnt.values()); n += members.length;
    for (const g of members) { const b = byG.get(g) ?? new Map(); b.set(key, (b.get(key) ?? 0) + 1); byG.set(g, b); } }
  let comp = 0; for (const b of byG.values()) comp += Math.max(...b.values());
  console.log('tau', tau, 'purity', (pure / n).toFixed(3), 'completeness (per fold)', (comp / n).toFixed(3));
});
