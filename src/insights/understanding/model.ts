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
  /** feature -> its weight for each class (sparse: classes with a zero weight are left out). */
  weights: Map<string, [number, number][]>;
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
  const weights = new Map<string, [number, number][]>();
  for (const [feature, packed] of Object.entries(m.weights))
    weights.set(
      feature,
      (packed === '' ? [] : packed.split(' ')).map((pair) => {
        const [k, w] = pair.split(':');
        return [Number(k), Number(w) / file.scale] as [number, number];
      }),
    );
  return { classes: m.classes, bias: m.bias.map((b) => b / file.scale), weights };
}

/** Class probabilities (softmax) for a list of features. */
export function probabilities(model: LinearModel, features: readonly string[]): number[] {
  const scores = [...model.bias];
  const rows: (readonly [number, number][])[] = [];
  for (const f of features) {
    const row = model.weights.get(f);
    if (row) rows.push(row);
  }
  const scale = rows.length > 0 ? 1 / Math.sqrt(rows.length) : 0;
  for (const row of rows) for (const [k, w] of row) scores[k]! += w * scale;
  const max = Math.max(...scores);
  let sum = 0;
  const out = scores.map((s) => {
    const e = Math.exp(s - max);
    sum += e;
    return e;
  });
  return out.map((e) => e / sum);
}

export const predict = (model: LinearModel, text: string): number[] => probabilities(model, textFeatures(text));
