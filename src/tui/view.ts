/** Pure: which lines a pane shows (filtered), where the selection is, and the window onto them. */
import type { DashboardData, Line, PaneId } from './types.ts';
import { liveLines, workflowLines, type ViewOptions } from './views-feed.ts';
import { sendingLines } from './views-ops.ts';
import { systemLines } from './views-system.ts';

export const PANE_LINES: Record<PaneId, (data: DashboardData, options: ViewOptions) => Line[]> = {
  live: liveLines,
  workflows: workflowLines,
  sending: sendingLines,
  system: systemLines,
};

/**
 * Lines whose item matches the filter (case-insensitive, on the row's text, which carries the
 * brand), with the lines attached to them; lines without an item (titles, headers) stay.
 */
export function filterLines(lines: Line[], filter: string): Line[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return lines;
  const out: Line[] = [];
  let keep = true;
  for (const line of lines) {
    if (line.item) keep = line.text.toLowerCase().includes(needle);
    else if (!line.attached) keep = true;
    if (keep) out.push(line);
  }
  return out;
}

export interface Window {
  /** Index of the first line shown. */
  offset: number;
  /** Index (in the lines) of the selected line; null when the pane has no item. */
  selected: number | null;
  /** The cursor clamped to the items there are. */
  cursor: number;
  /** The largest cursor there is. */
  last: number;
}

/**
 * The window of `height` lines onto `lines` with the cursor's item in view (kept in the middle
 * when it can be; on the last item, as far down as keeps it in view, so the lines after it can be
 * read). Without items the cursor scrolls the lines.
 */
export function windowOf(lines: Line[], cursor: number, height: number): Window {
  const items = lines.flatMap((line, i) => (line.item ? [i] : []));
  const maxOffset = Math.max(0, lines.length - height);
  if (items.length === 0) {
    const offset = Math.min(Math.max(0, cursor), maxOffset);
    return { offset, selected: null, cursor: offset, last: maxOffset };
  }
  const c = Math.min(Math.max(0, cursor), items.length - 1);
  const selected = items[c]!;
  const centred = Math.min(Math.max(0, selected - Math.floor(height / 2)), maxOffset);
  const offset = c === items.length - 1 ? Math.max(centred, Math.min(maxOffset, selected)) : centred;
  return { offset, selected, cursor: c, last: items.length - 1 };
}
