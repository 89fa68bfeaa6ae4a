/**
 * The dashboard app: the pane on show, the selection, the filter, the overlays (thread or detail,
 * help) and the y/n confirmation of an action. It reads the store's snapshot (never the database),
 * dispatches keys through the key table, and draws with Frame. Size follows the terminal.
 */
import { useApp, useInput, useStdout, type Key } from 'ink';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { clock } from './format.ts';
import { Frame, type StatusLine } from './Frame.tsx';
import { commandFor, helpLine, helpScreen } from './keys.ts';
import type { DashboardStore } from './store.ts';
import { PANE_TITLES, PANES, type Item, type Line, type PaneId, type ThreadView } from './types.ts';
import { filterLines, PANE_LINES, windowOf } from './view.ts';

export interface AppProps {
  store: DashboardStore;
  /** "all brands" or the brand's name, for the heading. */
  scope: string;
  color: boolean;
  /** A fixed size (one frame for --once); else the terminal's, following resizes. */
  size?: { columns: number; rows: number };
  interactive: boolean;
  /** The pane shown first (default the live feed). */
  initialPane?: PaneId;
}

type Overlay = { title: string; lines: Line[] };
interface Confirm {
  text: string;
  run: () => Promise<string>;
}

function useSize(fixed: AppProps['size']): { columns: number; rows: number } {
  const { stdout } = useStdout();
  const read = () => fixed ?? { columns: stdout.columns || 80, rows: stdout.rows || 24 };
  const [size, setSize] = useState(read);
  useEffect(() => {
    if (fixed) return;
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => void stdout.off('resize', onResize);
  }, [stdout, fixed]);
  return size;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

export function App({ store, scope, color, size: fixed, interactive, initialPane = 'live' }: AppProps) {
  const app = useApp();
  const snap = useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.snapshot,
  );
  const { columns, rows } = useSize(fixed);
  const [pane, setPane] = useState<PaneId>(initialPane);
  const [cursors, setCursors] = useState<Record<PaneId, number>>({ live: 0, workflows: 0, sending: 0, system: 0 });
  const [filter, setFilter] = useState('');
  const [typing, setTyping] = useState(false);
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const [overlayScroll, setOverlayScroll] = useState(0);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [notice, setNotice] = useState<StatusLine | null>(null);

  const width = Math.max(40, columns);
  const bodyHeight = Math.max(3, rows - 5);
  const now = snap.refreshedAt ?? store.now();
  const lines = useMemo(
    () =>
      snap.data
        ? filterLines(PANE_LINES[pane](snap.data, { width: width - 2, now, newIds: snap.newIds }), filter)
        : [{ text: snap.error ? 'No data yet.' : 'Loading…', tone: 'dim' as const }],
    [snap, pane, width, now, filter],
  );
  const win = windowOf(lines, cursors[pane], bodyHeight);
  const item: Item | undefined = win.selected === null ? undefined : lines[win.selected]!.item;

  const move = (delta: number) => setCursors((c) => ({ ...c, [pane]: Math.max(0, win.cursor + delta) }));
  const show = (title: string, body: Line[]) => {
    setOverlay({ title, lines: body });
    setOverlayScroll(0);
  };
  const act = (run: () => Promise<string>) => {
    setConfirm(null);
    setNotice({ text: 'Working…', tone: 'dim' });
    run()
      .then(async (text) => {
        setNotice({ text, tone: 'good' });
        await store.refresh();
      })
      .catch((error: unknown) => setNotice({ text: `Error: ${errorText(error)}`, tone: 'bad' }));
  };

  const open = (target: Item) => {
    if (target.kind === 'conversation') {
      show(`Conversation ${target.id}`, [{ text: 'Loading…', tone: 'dim' }]);
      store.source
        .thread(target)
        .then((view: ThreadView) => show(view.title, view.lines))
        .catch((error: unknown) => show(`Conversation ${target.id}`, [{ text: errorText(error), tone: 'bad' }]));
    } else if (target.kind === 'workflow') {
      show(`Workflow ${target.id}`, [
        { text: `${target.name} · ${target.brand}` },
        { text: `status ${target.status}${target.paused ? ', paused' : ''}` },
        {
          text: `p ${target.paused ? 'resumes' : 'pauses'} it (reclaim workflows ${target.paused ? 'resume' : 'pause'} ${target.id})`,
          tone: 'dim',
        },
      ]);
    } else {
      show(
        target.kind === 'webhook' ? `Webhook ${target.id}` : target.title,
        target.detail.map((text) => ({ text })),
      );
    }
  };

  // The latest render's handler answers every key: ink re-subscribes a changed handler only after
  // the frame is drawn, so a key pressed in between would reach the handler of the frame before.
  const handler = useRef<(input: string, key: Key) => void>(() => undefined);
  handler.current = (input, key) => {
    if (typing) {
      if (key.return) setTyping(false);
      else if (key.escape) {
        setFilter('');
        setTyping(false);
      } else if (key.backspace || key.delete) setFilter((f) => f.slice(0, -1));
      else if (input && !key.ctrl && !key.meta) setFilter((f) => f + input);
      return;
    }
    const command = commandFor(pane, input, key);
    if (command === 'quit' && (key.ctrl || !confirm)) return app.exit();
    if (confirm) {
      if (input === 'y' || input === 'Y') act(confirm.run);
      else if (input === 'n' || input === 'N' || key.escape) {
        setConfirm(null);
        setNotice({ text: 'Nothing changed.', tone: 'dim' });
      }
      return;
    }
    if (overlay) {
      if (command === 'close' || command === 'open' || key.leftArrow) setOverlay(null);
      else if (command === 'down')
        setOverlayScroll((s) => Math.min(s + 1, Math.max(0, overlay.lines.length - bodyHeight + 1)));
      else if (command === 'up') setOverlayScroll((s) => Math.max(0, s - 1));
      return;
    }
    const index = PANES.indexOf(pane);
    switch (command) {
      case 'next-pane':
        return setPane(PANES[(index + 1) % PANES.length]!);
      case 'previous-pane':
        return setPane(PANES[(index + PANES.length - 1) % PANES.length]!);
      case 'pane-1':
      case 'pane-2':
      case 'pane-3':
      case 'pane-4':
        return setPane(PANES[Number(command.slice(-1)) - 1]!);
      case 'down':
        return move(1);
      case 'up':
        return move(-1);
      case 'page-down':
        return move(bodyHeight);
      case 'page-up':
        return move(-bodyHeight);
      case 'open':
        return item ? open(item) : undefined;
      case 'close':
        if (filter) setFilter('');
        return setNotice(null);
      case 'help':
        return show(
          'Keys',
          helpScreen().map((text) => ({ text })),
        );
      case 'filter':
        setTyping(true);
        return setNotice(null);
      case 'refresh':
        return void store.refresh();
      case 'pause':
        if (item?.kind !== 'workflow')
          return setNotice({ text: 'Select a workflow to pause or resume.', tone: 'warn' });
        return setConfirm({
          text: `${item.paused ? 'Resume' : 'Pause'} workflow ${item.id} "${item.name}" of ${item.brand}? (y/n)`,
          run: () => store.source.setPaused(item, !item.paused),
        });
      case 'replay':
        if (item?.kind !== 'webhook')
          return setNotice({ text: 'Select a dead-lettered webhook to replay.', tone: 'warn' });
        return setConfirm({
          text: `Replay webhook ${item.id} (${item.status})? (y/n)`,
          run: () => store.source.replay(item.id),
        });
    }
  };
  const onInput = useCallback((input: string, key: Key) => handler.current(input, key), []);
  useInput(onInput, { isActive: interactive });

  const timings = snap.timings
    ? ` · db ${Object.values(snap.timings)
        .reduce((a, b) => a + b, 0)
        .toFixed(0)} ms`
    : '';
  const heading = `Reclaim dashboard · ${scope} · ${PANE_TITLES[pane]} · ${
    snap.refreshedAt ? `${clock(snap.refreshedAt, now)} UTC` : 'starting'
  } · every ${store.refreshMs / 1000}s${timings}`;

  let body: Line[];
  let selected: number | null = null;
  if (overlay) {
    body = [
      { text: `${overlay.title}  (esc closes)`, tone: 'title' },
      ...overlay.lines.slice(overlayScroll, overlayScroll + bodyHeight - 1),
    ];
  } else {
    body = lines.slice(win.offset, win.offset + bodyHeight);
    selected = win.selected === null ? null : win.selected - win.offset;
  }
  while (body.length < bodyHeight) body.push({ text: '' });

  const status: StatusLine = confirm
    ? { text: confirm.text, tone: 'warn' }
    : typing
      ? { text: `/${filter}▏ (enter keeps, esc clears)` }
      : snap.error
        ? {
            text: `Refresh failed: ${snap.error}${snap.refreshedAt ? ` (showing ${clock(snap.refreshedAt, now)} UTC)` : ''}`,
            tone: 'bad',
          }
        : (notice ?? (filter ? { text: `filter: ${filter} (esc clears)`, tone: 'dim' } : { text: '' }));

  return (
    <Frame
      width={width}
      color={color}
      heading={heading}
      pane={pane}
      body={body}
      selected={selected}
      status={status}
      help={overlay ? 'esc close · j/k scroll · q quit' : helpLine(pane, width)}
    />
  );
}
