/** The conversation list as CSV: every conversation the filters select (up to 5,000), in the brand's time zone. */
import { downloadCsv, type Cell } from '../../../lib/csv.ts';
import { formatDateTime, type Locale } from '../../../lib/format.ts';
import { getConversations } from '../api/get-conversations.ts';
import type { ConversationSummary } from '../api/types.ts';
import { shopperOf, stateLabel } from './conversation-list.tsx';

const BATCH = 500;
export const EXPORT_MAX = 5000;

export const CSV_HEADER = [
  'Conversation',
  'Started',
  'Shopper',
  'Phone',
  'Workflow',
  'State',
  'Replied',
  'Unread',
  'Hidden',
  'Messages',
  'Last message',
];

export function csvRows(items: ConversationSummary[], locale: Locale): Cell[][] {
  return [
    CSV_HEADER,
    ...items.map((c) => [
      c.id,
      formatDateTime(c.created_at, locale),
      shopperOf(c),
      c.channel?.username ?? '',
      c.workflow?.name ?? '',
      stateLabel(c),
      c.has_response ? 'yes' : 'no',
      c.is_unread ? 'yes' : 'no',
      c.is_hidden ? 'yes' : 'no',
      c.message_count,
      c.last_message?.body ?? '',
    ]),
  ];
}

/** Fetches every page the filters select and saves `conversations-<brand>-<day>.csv`. */
export async function exportConversations(
  brandId: number,
  query: Record<string, string | number | boolean | undefined>,
  locale: Locale,
  filename: string,
): Promise<number> {
  const items: ConversationSummary[] = [];
  for (let offset = 0; offset < EXPORT_MAX; offset += BATCH) {
    const page = await getConversations(brandId, { ...query, offset, limit: BATCH });
    items.push(...page.items);
    if (items.length >= page.total || page.items.length < BATCH) break;
  }
  downloadCsv(filename, csvRows(items, locale));
  return items.length;
}
