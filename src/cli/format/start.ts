import type { DemoLogin, DemoOverview } from '../../demo/index.ts';

const byState = (states: Record<string, number>): string =>
  Object.entries(states)
    .map(([state, n]) => `${state} ${n}`)
    .join(', ');

/** The demo logins (embedded database only), or nothing. */
export function demoLoginLines(logins: DemoLogin[]): string[] {
  if (logins.length === 0) return [];
  const width = Math.max(...logins.map((l) => l.email.length));
  const secret = Math.max(...logins.map((l) => l.password.length));
  return [
    '',
    'Demo logins (embedded demo database only; POST /api/auth/login, or `reclaim auth login --email E --app APP`):',
    ...logins.map(
      (l) => `  ${`${l.app} app`.padEnd(10)} ${l.email.padEnd(width)}  ${l.password.padEnd(secret)}  ${l.role}`,
    ),
  ];
}

/** `start`: the database in use, whether the demo data was loaded, what is in it, and what to run next. */
export function startOverview(
  overview: DemoOverview,
  database: string,
  seeded: boolean,
  logins: DemoLogin[] = [],
): string {
  const carts = byState(overview.carts_by_state);
  const checkouts = byState(overview.checkouts_by_state);
  return [
    `Reclaim is running on ${database}.`,
    seeded ? 'The database was empty, so the demo data set was loaded.' : 'Using the data already in the database.',
    '',
    `  brands         ${overview.brands}${overview.brand_names.length ? ` (${overview.brand_names.join(', ')})` : ''}`,
    `  workflows      ${overview.workflows}`,
    `  contacts       ${overview.contacts}`,
    `  carts          ${overview.carts}${carts ? ` (${carts})` : ''}`,
    ...(checkouts ? [`  checkouts      ${checkouts}`] : []),
    `  orders         ${overview.orders}`,
    `  conversations  ${overview.conversations}`,
    ...demoLoginLines(logins),
    '',
    'Next:',
    '  reclaim stats recovered --brand 1   recovered orders and sales of the last 30 days',
    '  reclaim run-candidates --dry-run    who the workflows would text now',
    '  reclaim db status                   migrations and the last worker heartbeat',
    '  reclaim --help                      every command',
  ].join('\n');
}

/** Where the panel is, and (embedded demo only) who to sign in as. */
export function panelLines(url: string, logins: DemoLogin[]): string {
  const brand = logins.find((login) => login.app === 'brand');
  return [
    '',
    `Brand panel: ${url}`,
    ...(brand ? [`  sign in as ${brand.email} with the password ${brand.password} (${brand.role})`] : []),
  ].join('\n');
}
