/**
 * The keys, as data: each binding names its keys (as the help shows them), what it does, the panes
 * where it works, and how a key press matches it. The help line of a pane and the `?` screen are
 * drawn from this table, and the app dispatches through it.
 */
import type { Key } from 'ink';
import type { PaneId } from './types.ts';

export type Command =
  | 'next-pane'
  | 'previous-pane'
  | 'pane-1'
  | 'pane-2'
  | 'pane-3'
  | 'pane-4'
  | 'down'
  | 'up'
  | 'page-down'
  | 'page-up'
  | 'open'
  | 'close'
  | 'pause'
  | 'retry'
  | 'appeal'
  | 'filter'
  | 'help'
  | 'refresh'
  | 'quit';

export interface KeyBinding {
  keys: string;
  label: string;
  /** The label on the help line when the full one is long. */
  short?: string;
  command: Command;
  /** Where it works (everywhere when absent). */
  panes?: PaneId[];
  /** Shown on the help line of its panes. */
  helpLine?: boolean;
  match(input: string, key: Key): boolean;
}

export const KEYS: KeyBinding[] = [
  { keys: 'tab', label: 'next pane', command: 'next-pane', helpLine: true, match: (_i, k) => k.tab && !k.shift },
  { keys: 'shift-tab', label: 'previous pane', command: 'previous-pane', match: (_i, k) => k.tab && k.shift },
  { keys: '1', label: 'Live feed', command: 'pane-1', match: (i) => i === '1' },
  { keys: '2', label: 'Workflows', command: 'pane-2', match: (i) => i === '2' },
  { keys: '3', label: 'Sending', command: 'pane-3', match: (i) => i === '3' },
  { keys: '4', label: 'System', command: 'pane-4', match: (i) => i === '4' },
  { keys: 'j/↓', label: 'down', command: 'down', helpLine: true, match: (i, k) => k.downArrow || i === 'j' },
  { keys: 'k/↑', label: 'up', command: 'up', match: (i, k) => k.upArrow || i === 'k' },
  { keys: 'pgdn', label: 'page down', command: 'page-down', match: (_i, k) => k.pageDown },
  { keys: 'pgup', label: 'page up', command: 'page-up', match: (_i, k) => k.pageUp },
  {
    keys: 'enter',
    label: 'thread',
    command: 'open',
    panes: ['live', 'sending'],
    helpLine: true,
    match: (_i, k) => k.return,
  },
  {
    keys: 'enter',
    label: 'detail',
    command: 'open',
    panes: ['workflows', 'system'],
    helpLine: true,
    match: (_i, k) => k.return,
  },
  { keys: 'esc', label: 'close', command: 'close', match: (_i, k) => k.escape },
  {
    keys: 'p',
    label: 'pause/resume',
    command: 'pause',
    panes: ['workflows'],
    helpLine: true,
    match: (i) => i === 'p',
  },
  {
    keys: 'r',
    label: 'replay webhook / retry failed job / retry 10DLC registration (asks y/n)',
    short: 'retry',
    command: 'retry',
    panes: ['system'],
    helpLine: true,
    match: (i) => i === 'r',
  },
  {
    keys: 'a',
    label: 'appeal a rejected 10DLC campaign (asks the reason, then y/n)',
    short: 'appeal',
    command: 'appeal',
    panes: ['system'],
    helpLine: true,
    match: (i) => i === 'a',
  },
  { keys: '/', label: 'filter', command: 'filter', helpLine: true, match: (i) => i === '/' },
  { keys: 'ctrl-r', label: 'refresh now', command: 'refresh', match: (i, k) => k.ctrl && i === 'r' },
  { keys: '?', label: 'help', command: 'help', helpLine: true, match: (i) => i === '?' },
  { keys: 'q', label: 'quit', command: 'quit', helpLine: true, match: (i, k) => i === 'q' || (k.ctrl && i === 'c') },
];

/** The binding a key press means on this pane, if any (the first that matches). */
export function commandFor(pane: PaneId, input: string, key: Key): Command | undefined {
  // ctrl-r must not read as r.
  const bindings = key.ctrl ? KEYS.filter((b) => b.command === 'refresh' || b.command === 'quit') : KEYS;
  return bindings.find((b) => (!b.panes || b.panes.includes(pane)) && b.match(input, key))?.command;
}

/** The help line of a pane: its keys, cut to the width. */
export function helpLine(pane: PaneId, width: number): string {
  const text = [
    '1-4 panes',
    ...KEYS.filter((b) => b.helpLine && (!b.panes || b.panes.includes(pane))).map(
      (b) => `${b.keys} ${b.short ?? b.label}`,
    ),
  ].join(' · ');
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/** Keys that work in one situation only: an open thread or detail, a question, the filter. */
export const CONTEXT_KEYS: Array<[string, string]> = [
  ['j/k ↓/↑', 'in a thread or detail: scroll a line'],
  ['pgdn/pgup', 'in a thread or detail: scroll a page'],
  ['esc/enter/←', 'in a thread or detail: close it'],
  ['y / n', 'answer the question on the status line (n or esc: nothing changes)'],
  ['enter / esc', 'while typing a filter or a reason: keep it / drop it'],
];

/** Every key, one per line, for the `?` screen. */
export function helpScreen(): string[] {
  return [
    ...KEYS.map((b) => `${b.keys.padEnd(11)} ${b.label}${b.panes ? `  (${b.panes.join(', ')})` : ''}`),
    ...CONTEXT_KEYS.map(([keys, label]) => `${keys.padEnd(11)} ${label}`),
  ];
}
