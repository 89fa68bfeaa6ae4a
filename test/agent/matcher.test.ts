import { describe, expect, it } from 'vitest';
import {
  confidenceOf,
  FEATURES,
  MATCHER as matcher,
  probabilityOf,
  trainLogistic,
  type MatcherModel,
} from '../../src/agent/index.ts';

describe('the logistic model of the matcher', () => {
  it('learns a rule the data follows and gives it high and low probabilities', () => {
    // y = 1 exactly when the first feature is high and the second low.
    const rows = [];
    for (let i = 0; i < 40; i += 1) {
      const a = (i % 10) / 10;
      const b = ((i * 7) % 10) / 10;
      rows.push({ x: [a, b], y: (a > 0.5 && b < 0.5 ? 1 : 0) as 0 | 1 });
    }
    const { weights, bias } = trainLogistic(rows);
    const model: MatcherModel = { about: '', features: ['a', 'b'], weights, bias, threshold: 0.5 };
    expect(weights[0]).toBeGreaterThan(0);
    expect(weights[1]).toBeLessThan(0);
    expect(probabilityOf(model, [0.9, 0.1])).toBeGreaterThan(0.8);
    expect(probabilityOf(model, [0.1, 0.9])).toBeLessThan(0.2);
  });

  it('is deterministic: the same rows give the same weights', () => {
    const rows = [
      { x: [1, 0], y: 1 as const },
      { x: [0, 1], y: 0 as const },
    ];
    expect(trainLogistic(rows)).toEqual(trainLogistic(rows));
  });
});

describe('the matcher probability as the agent confidence', () => {
  const model: MatcherModel = { about: '', features: [], weights: [], bias: 0, threshold: 0.9 };

  it('maps the trained threshold to the answer threshold, monotone on both sides', () => {
    expect(confidenceOf(0.9, model, 0.8, true)).toBe(0.8);
    expect(confidenceOf(1, model, 0.8, true)).toBe(1);
    expect(confidenceOf(0.95, model, 0.8, true)).toBe(0.9);
    expect(confidenceOf(0.45, model, 0.8, true)).toBe(0.4);
  });

  it('keeps a card that does not match by structure under the answer threshold', () => {
    expect(confidenceOf(0.99, model, 0.8, false)).toBeLessThan(0.8);
    expect(confidenceOf(0.45, model, 0.8, false)).toBe(0.4);
  });
});

describe('the shipped matcher (npm run train:agent)', () => {
  it('has a weight for each feature, a threshold chosen by cross-validation, and says how it was trained', () => {
    expect(matcher.features).toEqual([...FEATURES]);
    expect(matcher.weights).toHaveLength(FEATURES.length);
    expect(matcher.threshold).toBeGreaterThan(0.5);
    expect(matcher.threshold).toBeLessThanOrEqual(1);
    expect(matcher.about).toMatch(/cross-validation/);
    // The development sets only: the fresh held-out set is read by the evaluation alone.
    expect(matcher.about).toContain('(dev-a.json, dev-b.json, eval.json, fresh-1.json, fresh-2.json)');
  });
});
