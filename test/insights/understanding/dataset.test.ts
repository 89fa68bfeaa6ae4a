import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { heldOutHash, normalForm, partOf, readLabelled, trainedFiles } from '../../../src/insights/index.ts';

const read = (path: string): string => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

describe('the labelled shopper texts and their split', () => {
  const texts = readLabelled(read);

  it('has at least 1,000 texts from ten batches, each in the part the fixed seed gives it', () => {
    expect(texts.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(texts.map((t) => t.batch)).size).toBe(10);
    // 304 held-out texts; texts added later are kept only in the development part (README).
    const heldOut = texts.filter((t) => t.part === 'held-out').length;
    expect(heldOut).toBe(304);
    expect(heldOut / texts.length).toBeGreaterThan(0.2);
    for (const t of texts) expect(t.part).toBe(partOf(t.id));
  });

  it('never has a development text in the held-out part', () => {
    const development = new Set(texts.filter((t) => t.part === 'development').map((t) => normalForm(t.text)));
    const leaked = texts.filter((t) => t.part === 'held-out' && development.has(normalForm(t.text)));
    expect(leaked).toEqual([]);
  });

  it('keeps the held-out part fixed (the hash of its ids)', () => {
    expect(heldOutHash(texts)).toBe('c7d38826b0267f3484fa626d3f2b1f2f3dbb85572df3dab4456ee070e12e7d9b');
  });

  it('ships labelled.jsonl and model.json trained on the development part as they are now', () => {
    const { files } = trainedFiles(read);
    for (const [path, content] of Object.entries(files)) expect(read(path), path).toBe(content);
    const model = JSON.parse(files['src/insights/understanding/model.json']!) as { trainedOn: { texts: number } };
    expect(model.trainedOn.texts).toBe(texts.filter((t) => t.part === 'development').length);
  });
});
