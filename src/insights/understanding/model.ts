/**
 * The linear models of the message understanding: multinomial logistic regression over the
 * features of features.ts, one model for the group (the insight a text names, or small talk: the
 * tag and the category follow from it) and one for the sentiment. Their weights are trained by
 * `npm run train:insights` on the development part of fixtures/insights and shipped in
 * model.json. Pure.
 */
import { textFeatures } from './features.ts';

export interface LinearModel {
  classes: string[];
  bias: number[];
  /** feature -> its weight for each class (dense, one number per class, in the order of classes). */
  weights: Map<string, Float64Array>;
}

/** model.json as written: weights as integers (scaled by `scale`), `class:weight` pairs. */
export interface ModelFile {
  about: string;
  trainedOn: { texts: number; heldOutHash: string; datasetHash: string };
  settings: Record<string, number>;
  scale: number;
  models: Record<string, { classes: string[]; bias: number[]; weights: Record<string, string> }>;
}

export function readModel(file: ModelFile, name: string): LinearModel {
  const m = file.models[name];
  if (!m) throw new Error(`model.json has no model ${name}`);
  const K = m.classes.length;
  const weights = new Map<string, Float64Array>();
  for (const [feature, packed] of Object.entries(m.weights)) {
    const row = new Float64Array(K);
    let at = 0;
    // "k:w k:w …" read by hand: model.json is read once, but it is 2 MB of pairs.
    while (at < packed.length) {
      const colon = packed.indexOf(':', at);
      let end = packed.indexOf(' ', colon);
      if (end < 0) end = packed.length;
      row[Number(packed.slice(at, colon))] = Number(packed.slice(colon + 1, end)) / file.scale;
      at = end + 1;
    }
    weights.set(feature, row);
  }
  return { classes: m.classes, bias: m.bias.map((b) => b / file.scale), weights };
}

/** Class probabilities (softmax) for a list of features: typed rows, no array copies. */
export function probabilities(model: LinearModel, features: readonly string[]): number[] {
  const K = model.bias.length;
  const sums = new Float64Array(K);
  let found = 0;
  for (const f of features) {
    const row = model.weights.get(f);
    if (!row) continue;
    found += 1;
    for (let k = 0; k < K; k += 1) sums[k]! += row[k]!;
  }
  const scale = found > 0 ? 1 / Math.sqrt(found) : 0;
  const out = new Array<number>(K);
  let max = -Infinity;
  for (let k = 0; k < K; k += 1) {
    out[k] = model.bias[k]! + sums[k]! * scale;
    if (out[k]! > max) max = out[k]!;
  }
  let sum = 0;
  for (let k = 0; k < K; k += 1) sum += out[k] = Math.exp(out[k]! - max);
  for (let k = 0; k < K; k += 1) out[k]! /= sum;
  return out;
}

export const predict = (model: LinearModel, text: string): number[] => probabilities(model, textFeatures(text));
