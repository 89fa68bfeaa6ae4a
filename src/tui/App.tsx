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
import { problemFactsOf, problemSegments, problemsOf, type Segment } from './problems.ts';
import type { DashboardStore } from './store.ts';
import { PANE_TITLES, PANES, type Item, type Line, type PaneId, type ThreadView } from './types.ts';
import { filterLines, PANE_LINES, windowOf } from './view.ts';
import { wrapLines } from './wrap.ts';

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
/** A reason being typed for an appeal (enter asks y/n, esc drops it). */
interface Reason {
  brandId: number;
  brand: string;
  text: string;
}

/** "1-18 of 40 ↓": the window onto more lines than fit; undefined when everything fits. */
function positionOf(offset: number, height: number, total: number): string | undefined {
  if (total <= height) return undefined;
  const last = Math.min(offset + height, total);
  return `${offset + 1}-${last} of ${total}${offset > 0 ? ' ↑' : ''}${last < total ? ' ↓' : ''}`;
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

/** The operator's wording of an error (an AppError's CLI message names the command to run). */
const errorText = (error: unknown): string =>
  (error instanceof Error ? ((error as { cliMessage?: string }).cliMessage ?? error.message) : String(error)).split(
    '\n',
  )[0]!;

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
  const [reason, setReason] = useState<Reason | null>(null);
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  const [overlayScroll, setOverlayScroll] = useState(0);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [notice, setNotice] = useState<StatusLine | null>(null);

  const width = Math.max(40, columns);
  // Heading, problems, tabs, the body, status and help.
  const bodyHeight = Math.max(3, rows - 6);
  const now = snap.refreshedAt ?? store.now();
  const lines = useMemo(
    () =>
      snap.data
        ? filterLines(PANE_LINES[pane](snap.data, { width: width - 2, now, newIds: snap.newIds }), filter)
        : [{ text: snap.error ? 'No data yet.' : 'Loading…', tone: 'dim' as const }],
    [snap, pane, width, now, filter],
  );
  const win = windowOf(lines, cursors[pane], bodyHeight);
  // Thread and detail text is wrapped to the width (the frame draws two columns of margin).
  const overlayLines = useMemo(() => (overlay ? wrapLines(overlay.lines, width - 2) : []), [overlay, width]);
  const overlayMax = Math.max(0, overlayLines.length - (bodyHeight - 1));
  const problems: Segment[] = snap.data
    ? problemSegments(problemsOf(problemFactsOf(snap.data), now), width)
    : [{ text: snap.error ? 'Problems unknown: no data yet' : 'Checking…', tone: 'dim' }];
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
      const title =
        target.kind === 'webhook'
          ? `Webhook ${target.id}`
          : target.kind === 'job'
            ? `Job ${target.id}`
            : target.kind === 'registration'
              ? `10DLC registration of ${target.brand}`
              : target.title;
      show(
        title,
        target.detail.map((text) => ({ text })),
      );
    }
  };

  const retry = (target: Item | undefined) => {
    if (target?.kind === 'webhook')
      return setConfirm({
        text: `Replay webhook ${target.id} (${target.status})? (y/n)`,
        run: () => store.source.replay(target.id),
      });
    if (target?.kind === 'job') {
      if (!target.failed)
        return setNotice({ text: `Job ${target.id} has not failed for good: nothing to retry.`, tone: 'warn' });
      return setConfirm({
        text: `Retry job ${target.id} (${target.task}) now, its attempts reset? (y/n)`,
        run: () => store.source.retryJob(target.id),
      });
    }
    if (target?.kind === 'registration')
      return setConfirm({
        text: `Retry the 10DLC registration of ${target.brand} from the step that failed? (y/n)`,
        run: () => store.source.retryRegistration(target.brandId),
      });
    return setNotice({
      text: 'Select a dead-lettered webhook, a failed job or a 10DLC registration to retry.',
      tone: 'warn',
    });
  };

  // The latest render's handler answers every key: ink re-subscribes a changed handler only after
  // the frame is drawn, so a key pressed in between would reach the handler of the frame before.
  const handler = useRef<(input: string, key: Key) => void>(() => undefined);
  handler.current = (input, key) => {
    if (reason) {
      if (key.ctrl && input === 'c') return app.exit();
      if (key.escape) {
        setReason(null);
        setNotice({ text: 'Nothing changed.', tone: 'dim' });
      } else if (key.return) {
        const text = reason.text.trim();
        if (!text) return setNotice({ text: 'An appeal needs a reason.', tone: 'warn' });
        setReason(null);
        setConfirm({
          text: `Appeal the campaign of ${reason.brand} with "${text}"? (y/n)`,
          run: () => store.source.appealRegistration(reason.brandId, text),
        });
      } else if (key.backspace || key.delete) setReason({ ...reason, text: reason.text.slice(0, -1) });
      else if (input && !key.ctrl && !key.meta) setReason({ ...reason, text: reason.text + input });
      return;
    }
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
      else if (command === 'down') setOverlayScroll((s) => Math.min(s + 1, overlayMax));
      else if (command === 'up') setOverlayScroll((s) => Math.max(0, s - 1));
      else if (command === 'page-down') setOverlayScroll((s) => Math.min(s + bodyHeight - 1, overlayMax));
      else if (command === 'page-up') setOverlayScroll((s) => Math.max(0, s - (bodyHeight - 1)));
      else if (command === 'help')
        show(
          'Keys',
          helpScreen().map((text) => ({ text })),
        );
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
      case 'retry':
        return retry(item);
      case 'appeal':
        if (item?.kind !== 'registration')
          return setNotice({ text: 'Select a 10DLC registration to appeal its campaign.', tone: 'warn' });
        if (!item.campaign)
          return setNotice({
            text: `${item.brand} has no campaign to appeal: r retries the registration.`,
            tone: 'warn',
          });
        setNotice(null);
        return setReason({ brandId: item.brandId, brand: item.brand, text: '' });
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
  let position: string | undefined;
  if (overlay) {
    const scroll = Math.min(overlayScroll, overlayMax);
    body = [
      { text: `${overlay.title}  (esc closes)`, tone: 'title' },
      ...overlayLines.slice(scroll, scroll + bodyHeight - 1),
    ];
    position = positionOf(scroll, bodyHeight - 1, overlayLines.length);
  } else {
    body = lines.slice(win.offset, win.offset + bodyHeight);
    selected = win.selected === null ? null : win.selected - win.offset;
    position = positionOf(win.offset, bodyHeight, lines.length);
  }
  while (body.length < bodyHeight) body.push({ text: '' });

  const status: StatusLine = confirm
    ? { text: confirm.text, tone: 'warn' }
    : reason
      ? { text: `Appeal reason for ${reason.brand}: ${reason.text}▏ (enter asks y/n, esc cancels)` }
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
      problems={problems}
      pane={pane}
      position={position}
      body={body}
      selected={selected}
      status={status}
      help={overlay ? 'esc close · j/k scroll · pgdn/pgup page · ? keys · q quit' : helpLine(pane, width)}
    />
  );
}
