/** Real terminals for CLI tests: a tmux server of the test's own (-L), and shells in it. */
import { execa } from 'execa';

/** The tmux command on the server named `socket` (the test's own; `kill-server` at the end). */
export const tmuxOn =
  (socket: string) =>
  (...args: string[]) =>
    execa('tmux', ['-L', socket, ...args]);

export type Tmux = ReturnType<typeof tmuxOn>;

/**
 * A bash shell (no rc files) in a new detached session of `columns` x `rows`, with only `vars` as
 * its environment and `prompt` as its prompt.
 */
export function startShell(
  tmux: Tmux,
  session: string,
  { columns, rows, vars, prompt }: { columns: number; rows: number; vars: Record<string, string>; prompt: string },
) {
  return tmux(
    'new-session',
    '-d',
    '-x',
    String(columns),
    '-y',
    String(rows),
    '-s',
    session,
    'env',
    '-i',
    ...Object.entries(vars).map(([k, v]) => `${k}=${v}`),
    `PS1=${prompt}`,
    'bash',
    '--norc',
    '--noprofile',
  );
}
