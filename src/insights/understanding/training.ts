/**
 * The files `npm run train:insights` writes, computed from the labelled texts: labelled.jsonl and
 * model.json. Pure apart from the reader it is handed (paths relative to the repository).
 */
import { createHash } from 'node:crypto';
import { groupsSchema, heldOutHash, labelledSet, SMALL_TALK, type LabelledText } from './dataset.ts';
import { topicText } from './rules.ts';
import { DEFAULT_SETTINGS, packModel, trainLinear, type TrainSettings } from './train.ts';

export const LABELLED_DIR = 'fixtures/insights/';
export const BATCH_FILES = [
  '01-apparel.txt',
  '02-beauty.txt',
  '03-supplements.txt',
  '04-electronics.txt',
  '05-furniture-home.txt',
  '06-pet.txt',
  '07-food-coffee.txt',
  '08-jewelry-kids-outdoor.txt',
  '09-messy.txt',
  '10-mixed.txt',
];
export const MODEL_PATH = 'src/insights/understanding/model.json';
export const LABELLED_PATH = `${LABELLED_DIR}labelled.jsonl`;

/** Chosen by 5-fold cross-validation inside the development part (never the held-out part). */
export const SETTINGS: TrainSettings & { smallTalkWeight: number } = {
  ...DEFAULT_SETTINGS,
  l2: 1e-4,
  smallTalkWeight: 3,
};
const SCALE = 1000;
const SENTIMENT_CLASSES = ['negative', 'neutral', 'positive'];

export function readLabelled(read: (path: string) => string): LabelledText[] {
  const groups = groupsSchema.parse(JSON.parse(read(`${LABELLED_DIR}groups.json`))).groups;
  return labelledSet(
    BATCH_FILES.map((name) => ({ name, source: read(`${LABELLED_DIR}batches/${name}`) })),
    groups,
  );
}

export function trainOn(
  texts: readonly LabelledText[],
  groupNames: readonly string[],
  settings: typeof SETTINGS = SETTINGS,
  only: { sentiment?: boolean } = {},
) {
  const group = trainLinear(
    texts.map((t) => ({
      text: topicText(t.text).rest,
      label: t.group,
      weight: t.group === SMALL_TALK ? settings.smallTalkWeight : 1,
    })),
    groupNames,
    settings,
  );
  if (only.sentiment === false) return { group, sentiment: group };
  const sentiment = trainLinear(
    texts.map((t) => ({ text: t.text, label: t.sentiment })),
    SENTIMENT_CLASSES,
    settings,
  );
  return { group, sentiment };
}

export function trainedFiles(read: (path: string) => string): { files: Record<string, string>; summary: string } {
  const groups = groupsSchema.parse(JSON.parse(read(`${LABELLED_DIR}groups.json`))).groups;
  const texts = readLabelled(read);
  const development = texts.filter((t) => t.part === 'development');
  const names = Object.keys(groups);
  const models = trainOn(development, names);
  const jsonl = texts.map((t) => JSON.stringify(t)).join('\n') + '\n';
  const model = {
    about:
      'The message understanding models (src/insights/understanding), trained by npm run train:insights on the development part of fixtures/insights only. Do not edit: retrain.',
    trainedOn: {
      texts: development.length,
      heldOutHash: heldOutHash(texts),
      datasetHash: createHash('sha256').update(jsonl).digest('hex'),
    },
    settings: { ...SETTINGS },
    scale: SCALE,
    groups: Object.fromEntries(names.map((g) => [g, { tag: groups[g]!.tag, category: groups[g]!.category }])),
    models: { group: packModel(models.group, SCALE), sentiment: packModel(models.sentiment, SCALE) },
  };
  return {
    files: { [LABELLED_PATH]: jsonl, [MODEL_PATH]: `${JSON.stringify(model)}\n` },
    summary: `${texts.length} texts: ${development.length} development (trained on), ${texts.length - development.length} held-out`,
  };
}
