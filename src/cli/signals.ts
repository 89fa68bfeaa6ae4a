/**
 * Resolves on the first SIGINT or SIGTERM. A second signal, or a shutdown that takes
 * longer than graceMs, forces the exit so nothing hangs.
 */
export function untilSignal({ graceMs = 10_000 }: { graceMs?: number } = {}): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      const force = (): never => process.exit(130);
      process.once('SIGINT', force);
      process.once('SIGTERM', force);
      setTimeout(force, graceMs).unref();
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
