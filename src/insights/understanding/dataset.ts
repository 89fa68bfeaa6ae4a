/**
 * The labelled shopper texts (fixtures/insights/batches/*.txt, written to fixtures/insights/README.md)
 * and their split into a development part and a held-out part. Pure: callers read the files.
 *
 * A batch file: `#` lines are comments; `[group]` starts the texts of a group (groups.json gives its
 * tag, category and sentiment); every other line is one text, with an optional trailing `{-}`,
 * `{+}` or `{=}` when its sentiment is negative, positive or neutral against the group's.
 * A text's id is a hash of its normalised text, so texts keep their id (and part) when others are
 * added; the part is decided once by SPLIT_SEED: nothing depends on the order of the files.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { INSIGHT_CATEGORIES, INSIGHT_TAGS, SENTIMENTS } from '../analysis/rules.ts';

/** The fixed seed of the split; changing it changes the held-out part (a test fails). */
export const SPLIT_SEED = 'reclaim-insights-split-1';
/** Share of the texts in the held-out part, in percent. */
export const HELD_OUT_PERCENT = 30;
/** The group of texts that must give no insight. */
export const SMALL_TALK = 'small-talk';

export const groupsSchema = z.object({
  groups: z.record(
    z.string(),
    z.object({
      tag: z.enum(INSIGHT_TAGS).nullable(),
      category: z.enum(INSIGHT_CATEGORIES).nullable(),
      sentiment: z.enum(SENTIMENTS),
    }),
  ),
});
export type GroupTable = z.output<typeof groupsSchema>['groups'];

export interface LabelledText {
  /** 12 hex characters: the hash of the normalised text. */
  id: string;
  text: string;
  /** The batch file (store kind) it was written in. */
  batch: string;
  group: string;
  /** null: small talk. */
  tag: (typeof INSIGHT_TAGS)[number] | null;
  category: (typeof INSIGHT_CATEGORIES)[number] | null;
  sentiment: (typeof SENTIMENTS)[number];
  part: 'development' | 'held-out';
}

/** The text as compared for duplicates: lower case, letters, digits and emoji only. */
export function normalForm(text: string): string {
  const lower = text.normalize('NFKC').toLowerCase().trim();
  return lower.replace(/[^\p{L}\p{N}\p{Extended_Pictographic}]+/gu, ' ').trim() || lower;
}

export const textId = (text: string): string => createHash('sha1').update(normalForm(text)).digest('hex').slice(0, 12);

export function partOf(id: string, seed = SPLIT_SEED): LabelledText['part'] {
  const n = createHash('sha1').update(`${seed}:${id}`).digest().readUInt32BE(0);
  return n % 100 < HELD_OUT_PERCENT ? 'held-out' : 'development';
}

const MARK: Record<string, LabelledText['sentiment']> = { '{-}': 'negative', '{+}': 'positive', '{=}': 'neutral' };

/** The texts of one batch file; throws on an unknown group or a text before any group. */
export function parseBatch(name: string, source: string, groups: GroupTable): LabelledText[] {
  const out: LabelledText[] = [];
  let group: string | undefined;
  source.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const header = /^\[([\w-]+)\]$/.exec(line);
    if (header) {
      if (!groups[header[1]!]) throw new Error(`${name}:${index + 1}: unknown group ${header[1]}`);
      group = header[1]!;
      return;
    }
    if (!group) throw new Error(`${name}:${index + 1}: a text before any [group]`);
    const mark = /\s*(\{[-+=]\})$/.exec(line);
    const text = mark ? line.slice(0, mark.index).trim() : line;
    const g = groups[group]!;
    const id = textId(text);
    out.push({
      id,
      text,
      batch: name,
      group,
      tag: g.tag,
      category: g.category,
      sentiment: mark ? MARK[mark[1]!]! : g.sentiment,
      part: partOf(id),
    });
  });
  return out;
}

/** Every batch's texts in file-name order; throws on a text written twice (in any form). */
export function labelledSet(batches: readonly { name: string; source: string }[], groups: GroupTable): LabelledText[] {
  const all = [...batches]
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((b) => parseBatch(b.name, b.source, groups));
  const seen = new Map<string, LabelledText>();
  for (const t of all) {
    const before = seen.get(t.id);
    if (before) throw new Error(`written twice: "${t.text}" (${before.batch} and ${t.batch})`);
    seen.set(t.id, t);
  }
  return all;
}

/** A hash of the held-out ids, sorted: it changes when the split does. */
export const heldOutHash = (texts: readonly LabelledText[]): string =>
  createHash('sha256')
    .update(
      texts
        .filter((t) => t.part === 'held-out')
        .map((t) => t.id)
        .sort()
        .join('\n'),
    )
    .digest('hex');
