import { createRequire } from 'node:module';
import type * as GraphileWorker from 'graphile-worker';

let loaded: typeof GraphileWorker | undefined;

/**
 * graphile-worker, loaded on its first use rather than when src/jobs is imported, so a command that
 * runs no job does not load it. It is a CommonJS package: require gives the very module an import
 * would, and keeps the callers synchronous.
 */
export function graphileWorker(): typeof GraphileWorker {
  return (loaded ??= createRequire(import.meta.url)('graphile-worker') as typeof GraphileWorker);
}
