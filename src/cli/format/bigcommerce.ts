import type { HookSummary, HookSyncResult } from '../../stores/index.ts';

const hookRow = (hook: HookSummary, mark = ''): string =>
  [
    String(hook.id).padStart(10),
    hook.is_active ? 'active  ' : 'inactive',
    hook.scope.padEnd(18),
    hook.destination,
    hook.ours ? '' : '(not ours)',
    mark,
  ]
    .join('  ')
    .trimEnd();

/** `bigcommerce hooks list`: one row per hook, or the command that registers them. */
export const hookList = (hooks: HookSummary[], integrationId: number): string =>
  hooks.length === 0
    ? 'No hooks registered for this store. Run: reclaim bigcommerce hooks sync --integration ' + integrationId
    : hooks.map((hook) => hookRow(hook)).join('\n');

/** `bigcommerce hooks sync`: each hook marked kept, created or removed. */
export const hookSync = (result: HookSyncResult, integrationId: number): string =>
  [
    `Hooks for integration ${integrationId} now point at ${result.destination}:`,
    ...result.kept.map((hook) => hookRow(hook, 'kept')),
    ...result.created.map((hook) => hookRow(hook, 'created')),
    ...result.removed.map((hook) => hookRow(hook, 'removed')),
  ].join('\n');
