/** Insight counts grouped for the page: categories (most conversations first) with their tags. Pure. */
import type { InsightCount } from '../api/types.ts';

const CATEGORY_LABELS: Record<string, string> = {
  product: 'Product questions',
  blocker: 'What stops the purchase',
  post_purchase: 'After the purchase',
};

/** "shipping_cost" -> "Shipping cost"; a category's own label when it has one. */
export function insightLabel(value: string | null | undefined, kind: 'category' | 'tag' = 'tag'): string {
  if (!value) return kind === 'category' ? 'Uncategorised' : 'Untagged';
  if (kind === 'category' && CATEGORY_LABELS[value]) return CATEGORY_LABELS[value];
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface CategoryGroup {
  category: string | null;
  conversations: number;
  messages: number;
  tags: Array<{ tag: string | null; conversations: number; messages: number }>;
}

/**
 * Rows by (category, tag) into categories. A category's conversations are the sum over its tags
 * (a conversation with two tags of one category counts in both, as the API counts per tag).
 */
export function groupCounts(counts: InsightCount[]): CategoryGroup[] {
  const groups = new Map<string | null, CategoryGroup>();
  for (const row of counts) {
    const group = groups.get(row.category) ?? { category: row.category, conversations: 0, messages: 0, tags: [] };
    group.conversations += row.conversations;
    group.messages += row.messages;
    group.tags.push({ tag: row.tag, conversations: row.conversations, messages: row.messages });
    groups.set(row.category, group);
  }
  const list = [...groups.values()];
  for (const g of list)
    g.tags.sort((a, b) => b.conversations - a.conversations || String(a.tag).localeCompare(String(b.tag)));
  return list.sort((a, b) => b.conversations - a.conversations || String(a.category).localeCompare(String(b.category)));
}
