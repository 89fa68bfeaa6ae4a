/**
 * Knowledge-base card rules (spec 1 sections 3, 7, 8 and 9). Pure: no I/O.
 * A card belongs to one brand; its status is published, unpublished or draft, its source manual,
 * flow (made for a workflow: flow_id names it), escalation (from a question the agent escalated),
 * insight (promoted from a brand insight: extra_data.brand_insight_id)
 * or import; weight orders cards the same search ranks alike, highest first.
 */
export const KB_STATUSES = ['published', 'unpublished', 'draft'] as const;
export type KbStatus = (typeof KB_STATUSES)[number];

export const KB_SOURCES = ['manual', 'flow', 'escalation', 'import', 'insight'] as const;
export type KbSource = (typeof KB_SOURCES)[number];

/** Spec 1 section 9: KB list limit 100; fallback search 100. */
export const KB_LIST_LIMIT = 100;
export const KB_FALLBACK_SEARCH_LIMIT = 100;
/** Spec 1 section 7: KB card search ignores words of 2 characters or fewer. */
export const KB_MIN_WORD_LENGTH = 3;

export const KB_WEIGHT_RANGE = { min: -1000, max: 1000 } as const;
export const KB_TITLE_MAX = 255;
export const KB_CONTENT_MAX = 20_000;
export const KB_QUERY_MAX = 500;

export const KB_MESSAGES = {
  noIdForUpdate: 'No ID provided for update',
  notFound: 'KB card not found',
  brandNotFound: 'Brand not found',
  authorNotFound: 'User not found',
  flowRequired: 'A card from a flow needs its flow_id.',
} as const;

export interface SearchWords {
  /** The words searched for: lower-cased, each once, in the order given. */
  words: string[];
  /** The words left out for being 2 characters or fewer. */
  ignored: string[];
}

/**
 * The words of a search: split on anything that is not a letter, a mark or a digit (any script), lower-
 * cased, repeats dropped; a word of 2 characters or fewer is ignored.
 */
export function searchWords(query: string): SearchWords {
  const words: string[] = [];
  const ignored: string[] = [];
  for (const part of query.toLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u)) {
    if (part === '') continue;
    const list = [...part].length >= KB_MIN_WORD_LENGTH ? words : ignored;
    if (!list.includes(part)) list.push(part);
  }
  return { words, ignored };
}
