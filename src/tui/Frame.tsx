/** Drawing only: the frame of the dashboard from plain props (no state, no queries). */
import { Box, Text } from 'ink';
import { fit } from './format.ts';
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
  pane: PaneId;
  /** The lines of the body, already cut to its height. */
  body: Line[];
  /** Index in `body` of the selected line, if shown. */
  selected: number | null;
  status: StatusLine;
  help: string;
}

export function Tabs({ pane, color }: { pane: PaneId; color: boolean }) {
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
    </Box>
  );
}

export function Frame({ width, color, heading, pane, body, selected, status, help }: FrameProps) {
  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate-end">
        {heading}
      </Text>
      <Tabs pane={pane} color={color} />
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
