/** Drawing only: the frame of the dashboard from plain props (no state, no queries). */
import { Box, Text } from 'ink';
import { fit } from './format.ts';
import type { Segment } from './problems.ts';
import { PANE_TITLES, PANES, type Line, type PaneId, type Tone } from './types.ts';

const COLORS: Record<Tone, { color?: string; bold?: boolean; dimColor?: boolean }> = {
  new: { color: 'cyan', bold: true },
  good: { color: 'green' },
  bad: { color: 'red' },
  warn: { color: 'yellow' },
  dim: { dimColor: true },
  title: { bold: true },
  header: { bold: true },
};

/** Text props of a tone; without colour only bold and dim stay (NO_COLOR asks for no colour). */
function toneProps(tone: Tone | undefined, color: boolean): { color?: string; bold?: boolean; dimColor?: boolean } {
  if (!tone) return {};
  const { color: c, ...rest } = COLORS[tone];
  return color && c ? { color: c, ...rest } : rest;
}

export interface StatusLine {
  text: string;
  tone?: Tone;
}

export interface FrameProps {
  width: number;
  color: boolean;
  heading: string;
  /** The header line of problems, in colour by severity. */
  problems: Segment[];
  pane: PaneId;
  /** Where the body's window is when the pane has more lines than it shows ("1-18 of 40 ↓"). */
  position?: string;
  /** The lines of the body, already cut to its height. */
  body: Line[];
  /** Index in `body` of the selected line, if shown. */
  selected: number | null;
  status: StatusLine;
  help: string;
}

/** The tabs' own width: each label with a column either side. */
const TABS_WIDTH = PANES.reduce((n, id, i) => n + `${i + 1} ${PANE_TITLES[id]}`.length + 2, 0);

/** The position after the tabs when it fits the width; else its arrows only, or nothing. */
export function positionText(position: string | undefined, width: number): string | undefined {
  if (!position) return undefined;
  const room = width - TABS_WIDTH - 2;
  if (position.length <= room) return position;
  const arrows = position.replace(/^[^↑↓]*/, '').trim();
  return arrows && arrows.length <= room ? arrows : undefined;
}

export function Tabs({ pane, color, position }: { pane: PaneId; color: boolean; position?: string }) {
  return (
    <Box>
      {PANES.map((id, i) => {
        const label = `${i + 1} ${PANE_TITLES[id]}`;
        const current = id === pane;
        return (
          <Text key={id} inverse={current} bold={current} color={color && current ? 'cyan' : undefined}>
            {current ? `[${label}]` : ` ${label} `}
          </Text>
        );
      })}
      {position ? <Text dimColor>{`  ${position}`}</Text> : null}
    </Box>
  );
}

/** The problems line: each segment in its tone's colour (bold and dim only without colour). */
export function Problems({ segments, color }: { segments: Segment[]; color: boolean }) {
  return (
    <Text wrap="truncate-end">
      {segments.map((segment, i) => (
        <Text key={i} {...toneProps(segment.tone, color)} bold={segment.tone === 'bad' ? true : undefined}>
          {segment.text}
        </Text>
      ))}
    </Text>
  );
}

export function Frame({ width, color, heading, problems, pane, position, body, selected, status, help }: FrameProps) {
  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate-end">
        {heading}
      </Text>
      <Problems segments={problems} color={color} />
      <Tabs pane={pane} color={color} position={positionText(position, width)} />
      {body.map((line, i) => (
        <Text key={i} wrap="truncate-end" inverse={i === selected} {...toneProps(line.tone, color)}>
          {i === selected ? '› ' : '  '}
          {line.text}
        </Text>
      ))}
      <Text wrap="truncate-end" {...toneProps(status.tone, color)}>
        {fit(status.text, width)}
      </Text>
      <Text wrap="truncate-end" dimColor>
        {help}
      </Text>
    </Box>
  );
}
