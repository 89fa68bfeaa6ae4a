/**
 * The last line of the terminal, which a long command redraws in place (a progress bar). Log lines
 * written meanwhile go above it: the line is cleared, the log line written, the line drawn again,
 * so the two never mix. There is one terminal per process, so there is one status line.
 */
const CLEAR_LINE = '\r\x1b[2K';

export interface StatusLine {
  /** Draws (or redraws) the line. */
  show(text: string): void;
  /** Leaves the last drawing on screen and moves below it. */
  done(): void;
  /** Writes text (whole lines) to the terminal above the line. */
  writeAbove(text: string): void;
}

export function createStatusLine(out: { write(text: string): unknown } = process.stderr): StatusLine {
  let current: string | undefined;
  return {
    show(text) {
      current = text;
      out.write(`${CLEAR_LINE}${text}`);
    },
    done() {
      if (current !== undefined) out.write('\n');
      current = undefined;
    },
    writeAbove(text) {
      out.write(current === undefined ? text : `${CLEAR_LINE}${text}${current}`);
    },
  };
}

/** The status line of this process's stderr, shared by the pretty logger and the progress bars. */
export const stderrStatusLine: StatusLine = createStatusLine();
