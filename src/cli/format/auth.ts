import type { LoginResponse } from '../../accounts/index.ts';

/** `auth login`: who logged in to which app and their policies; never the tokens. */
export const loggedIn = (session: LoginResponse, app: string): string =>
  [
    `Logged in as ${session.email} (${session.role}) to the ${app} app.`,
    `  user ${session.user_id}, tenant ${session.tenant_id ?? '-'}, brand ${session.brand_id ?? '-'}, partner ${session.partner_id ?? '-'}`,
    `  policies: ${session.policies.length ? session.policies.join(', ') : '(none)'}`,
    'Tokens are not shown; add --json to print them.',
  ].join('\n');
