import type { DemoOverview } from '../../demo/index.ts';

/** `start`: the database in use, whether the demo data was loaded, what is in it, and what to run next. */
export function startOverview(overview: DemoOverview, database: string, seeded: boolean): string {
  const states = Object.entries(overview.carts_by_state)
    .map(([state, n]) => `${state} ${n}`)
    .join(', ');
  return [
    `Reclaim is running on ${database}.`,
    seeded ? 'The database was empty, so the demo data set was loaded.' : 'Using the data already in the database.',
    '',
    `  brands         ${overview.brands}${overview.brand_names.length ? ` (${overview.brand_names.join(', ')})` : ''}`,
    `  workflows      ${overview.workflows}`,
    `  contacts       ${overview.contacts}`,
    `  carts          ${overview.carts}${states ? ` (${states})` : ''}`,
    `  orders         ${overview.orders}`,
    `  conversations  ${overview.conversations}`,
    '',
    'Next:',
    '  reclaim db status          migrations and the last worker heartbeat',
    '  reclaim --help             every command',
  ].join('\n');
}
