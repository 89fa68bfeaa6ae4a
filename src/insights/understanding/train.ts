/**
 * Training of the linear models (multinomial logistic regression, AdaGrad, L2), deterministic: the
 * same texts and settings always give the same weights. Used by `npm run train:insights` on the
 * development part only, and by its cross-validation inside that part. Pure.
 */
import { textFeatures } from './features.ts';
import type { LinearModel } from './model.ts';

export interface TrainSettings {
  /** Passes over the texts. */
  epochs: number;
  /** AdaGrad's base step. */
  rate: number;
  /** L2 penalty per update. */
  l2: number;
  /** A feature is kept when at least this many training texts have it. */
  minCount: number;
  /** Weights smaller than this (in absolute value) are dropped from the shipped model. */
  prune: number;
}

export const DEFAULT_SETTINGS: TrainSettings = { epochs: 30, rate: 0.4, l2: 1e-5, minCount: 2, prune: 0.01 };

/** A small deterministic generator (mulberry32) for the order of the texts in each pass. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function trainLinear(
  examples: readonly { text: string; label: string; weight?: number }[],
  classes: readonly string[],
  settings: TrainSettings = DEFAULT_SETTINGS,
): LinearModel {
  const K = classes.length;
  const classIndex = new Map(classes.map((c, i) => [c, i]));
  const featureLists = examples.map((e) => textFeatures(e.text));
  const counts = new Map<string, number>();
  for (const list of featureLists) for (const f of list) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocab = [...counts.keys()].filter((f) => counts.get(f)! >= settings.minCount).sort();
  const index = new Map(vocab.map((f, i) => [f, i]));
  const rows = featureLists.map((list) => list.flatMap((f) => (index.has(f) ? [index.get(f)!] : [])));
  const labels = examples.map((e) => {
    const k = classIndex.get(e.label);
    if (k === undefined) throw new Error(`unknown class ${e.label}`);
    return k;
  });
  const W = new Float64Array(vocab.length * K);
  const G = new Float64Array(vocab.length * K).fill(1e-8);
  const bias = new Float64Array(K);
  const biasG = new Float64Array(K).fill(1e-8);
  const order = examples.map((_, i) => i);
  const random = rng(20_260_601);
  const scores = new Float64Array(K);
  for (let epoch = 0; epoch < settings.epochs; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const n of order) {
      const row = rows[n]!;
      const x = row.length > 0 ? 1 / Math.sqrt(row.length) : 0;
      for (let k = 0; k < K; k += 1) {
        let s = bias[k]!;
        for (const f of row) s += W[f * K + k]! * x;
        scores[k] = s;
      }
      let max = -Infinity;
      for (let k = 0; k < K; k += 1) max = Math.max(max, scores[k]!);
      let sum = 0;
      for (let k = 0; k < K; k += 1) sum += scores[k] = Math.exp(scores[k]! - max);
      for (let k = 0; k < K; k += 1) {
        const g = (scores[k]! / sum - (labels[n] === k ? 1 : 0)) * (examples[n]!.weight ?? 1);
        biasG[k]! += g * g;
        bias[k]! -= (settings.rate * g) / Math.sqrt(biasG[k]!);
        for (const f of row) {
          const at = f * K + k;
          const gw = g * x + settings.l2 * W[at]!;
          G[at]! += gw * gw;
          W[at]! -= (settings.rate * gw) / Math.sqrt(G[at]!);
        }
      }
    }
  }
  const weights = new Map<string, Float64Array>();
  vocab.forEach((f, i) => {
    const row = new Float64Array(K);
    for (let k = 0; k < K; k += 1) {
      const w = W[i * K + k]!;
      if (Math.abs(w) >= settings.prune) row[k] = w;
    }
    weights.set(f, row);
  });
  return { classes: [...classes], bias: [...bias], weights };
}

/** A model as model.json stores it: weights scaled to integers. */
export function packModel(model: LinearModel, scale: number) {
  const weights: Record<string, string> = {};
  for (const [f, row] of model.weights) {
    const kept = [...row].map((w, k) => [k, Math.round(w * scale)] as const).filter(([, w]) => w !== 0);
    weights[f] = kept.map(([k, w]) => `${k}:${w}`).join(' ');
  }
  return { classes: model.classes, bias: model.bias.map((b) => Math.round(b * scale)), weights };
}
