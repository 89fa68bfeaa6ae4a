/**
 * Pure: text wrapped to the terminal's width for the thread and detail views, instead of cut.
 * Lines break between words; a word longer than the width is split. A line's own indentation is
 * kept, and its continuation lines hang two columns further in, so a wrapped message never reads
 * as a new one.
 */
import type { Line } from './types.ts';

const HANG = 2;

/** One line of text as lines of at most `width` characters. */
export function wrapText(text: string, width: number): string[] {
  const w = Math.max(4, width);
  if (text.length <= w) return [text];
  const indent = /^ */.exec(text)![0].length;
  const first = ' '.repeat(Math.min(indent, w - 2));
  const next = ' '.repeat(Math.min(indent + HANG, w - 2));
  const words = text.slice(indent).split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let current = first;
  let fresh = true;
  const flush = (): void => {
    out.push(current.trimEnd());
    current = next;
    fresh = true;
  };
  for (let word of words) {
    const room = w - current.length - (fresh ? 0 : 1);
    if (word.length <= room) {
      current += `${fresh ? '' : ' '}${word}`;
      fresh = false;
      continue;
    }
    if (!fresh) flush();
    // A word longer than a whole line: split it.
    while (word.length > w - current.length) {
      const cut = w - current.length;
      current += word.slice(0, cut);
      word = word.slice(cut);
      flush();
    }
    if (word) {
      current += word;
      fresh = false;
    }
  }
  if (!fresh || out.length === 0) out.push(current.trimEnd());
  return out;
}

/** Lines wrapped to `width`, each piece with its line's tone (the item stays on the first piece). */
export function wrapLines(lines: Line[], width: number): Line[] {
  return lines.flatMap((line) =>
    wrapText(line.text, width).map((text, i) => ({
      ...line,
      text,
      ...(i > 0 ? { item: undefined, attached: true } : {}),
    })),
  );
}
