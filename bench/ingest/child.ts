/**
 * bench:ingest's child processes: the load generator and the ceiling's driver run as children
 * (../ingest.ts again, with `load` or `ceiling` as its argument), so neither shares an event loop
 * with the bench's own bookkeeping, and both sides of the ratio are driven alike. A child reports
 * `started` right before its timed part and `finished` right after it, and waits for the bench to
 * take its CPU readings each time; then it sends its result.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('../ingest.ts', import.meta.url));

export type Role = 'load' | 'ceiling';
export type Checkpoint = 'started' | 'finished';
export type ChildMessage = { checkpoint: Checkpoint } | { result: unknown };

export function checkpoint(name: Checkpoint): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: { ack?: Checkpoint }): void => {
      if (message.ack !== name) return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
    process.send?.({ checkpoint: name } satisfies ChildMessage);
  });
}

/** CPU time (user + system) this process spent since `since`, in microseconds. */
export const cpuMicros = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};

/**
 * Runs ../ingest.ts again as a child with `role`; `onCheckpoint` takes readings when the child
 * starts and ends its timed part (the child waits for it), and the child's result is returned.
 */
export function runChild<T>(role: Role, input: unknown, onCheckpoint: (name: Checkpoint) => Promise<void>): Promise<T> {
  const child: ChildProcess = spawn(process.execPath, [...process.execArgv, ENTRY, role], {
    env: { ...process.env, BENCH_CHILD_INPUT: JSON.stringify(input) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let result: T | undefined;
    child.on('message', (message: ChildMessage) => {
      if ('checkpoint' in message) {
        const name = message.checkpoint;
        onCheckpoint(name).then(
          () => child.send({ ack: name }),
          (error: unknown) => {
            child.kill();
            reject(error);
          },
        );
      } else {
        result = message.result as T;
      }
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      result === undefined
        ? reject(new Error(`bench ${role} process exited with ${code} and no result`))
        : resolve(result),
    );
  });
}
