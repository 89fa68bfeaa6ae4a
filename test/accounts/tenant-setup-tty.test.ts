/**
 * `reclaim tenant setup` as a person uses it, in a real terminal: tmux runs it in a shell, the test
 * types the answers with send-keys and reads the screen with capture-pane. A bad answer is asked
 * again at once with the reason; Ctrl-C at a prompt gives the shell prompt back with exit 130 and
 * no error. The tmux server is this test's own (-L), killed at the end.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN_ENV } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { startShell, tmuxOn } from '../helpers/tmux.ts';
import { eventually } from '../tui/frames.ts';

const BIN = fileURLToPath(new URL('../../bin/reclaim.js', import.meta.url));
const SOCKET = `reclaim-setup-${randomBytes(4).toString('hex')}`;
const PROMPT = 'setup-test$ ';
const t = useTestDatabase();

const tmux = tmuxOn(SOCKET);
const screen = async (): Promise<string> => (await tmux('capture-pane', '-p', '-J', '-t', 'setup')).stdout;
const screenWith = (pattern: string | RegExp, timeoutMs = 60_000): Promise<string> =>
  eventually(async () => {
    const s = await screen();
    if (typeof pattern === 'string' ? !s.includes(pattern) : !pattern.test(s))
      throw new Error(`screen without ${String(pattern)}:\n${s}`);
    return s;
  }, timeoutMs);
const keys = (...k: string[]) => tmux('send-keys', '-t', 'setup', ...k);
/** Types a line: the text literally, then Enter. */
const answer = async (text: string) => {
  if (text) await keys('-l', text);
  await keys('Enter');
};
const clear = () => tmux('send-keys', '-t', 'setup', 'clear', 'Enter');

beforeAll(async () => {
  const vars = {
    ...testEnv(t.url),
    ...BIN_ENV,
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    TERM: 'xterm-256color',
  };
  await startShell(tmux, 'setup', { columns: 120, rows: 40, vars, prompt: PROMPT });
  await screenWith(PROMPT.trim());
});

afterAll(async () => {
  await tmux('kill-server').catch(() => undefined);
});

describe('reclaim tenant setup in a terminal', () => {
  it('checks each answer as it is typed and asks again with the reason; then sets the lead up', async () => {
    const id = randomBytes(4).toString('hex');
    await keys('-l', `node ${BIN} tenant setup; echo "exit=$?"`);
    await keys('Enter');

    await screenWith("Account owner's e-mail");
    await answer('not-an-email');
    await screenWith('Please enter a valid email address');
    // The prompt is still the e-mail's: nothing else was asked.
    expect(await screen()).not.toContain('First name');
    await keys('C-u');
    await answer(`tty-${id}@shop-${id}.com`);

    await screenWith('First name');
    await answer('Ana');
    await screenWith('Last name');
    await answer('Ruiz');
    await screenWith('Company name');
    await answer('');
    await screenWith('You must provide a value');
    await answer(`Shop ${id}`);
    await screenWith('Store URL');
    await answer('localhost');
    await screenWith('Invalid url');
    expect(await screen()).not.toContain('Support phone');
    await keys('C-u');
    await answer(`shop-${id}.com`);
    await screenWith('Support phone (US, optional)');
    await answer('555-1234');
    await screenWith('Please enter a valid phone number');
    await keys('C-u');
    await answer('(415) 555-0134');
    await screenWith('Password (leave blank');
    await answer('');

    const done = await screenWith(/^exit=\d+/m);
    expect(done).toMatch(/Set up lead [0-9a-f-]{36}:\n {2}tenant \d+, user \d+, brand \d+\nexit=0/);
    const lead = await t
      .db('leads')
      .where({ email: `tty-${id}@shop-${id}.com` })
      .first();
    expect(lead).toMatchObject({
      first_name: 'Ana',
      company_name: `Shop ${id}`,
      store_url: `https://shop-${id}.com`,
      support_phone: '+14155550134',
    });
    expect(lead.brand_id).not.toBeNull();
  });

  it("an existing user's e-mail is refused when typed; Ctrl-C at a prompt exits 130 quietly and creates nothing", async () => {
    await clear();
    await screenWith(PROMPT.trim());
    const taken = `taken-${randomBytes(4).toString('hex')}@shop.com`;
    await t.db('users').insert({ email: taken, state: 'active', is_enabled: true });
    const leads = Number((await t.db('leads').count({ n: '*' }))[0]!.n);
    await keys('-l', `node ${BIN} tenant setup --company "Never Co"; echo "exit=$?"`);
    await keys('Enter');
    await screenWith("Account owner's e-mail");
    await answer(taken);
    await screenWith('An account with this email already exists');
    expect(await screen()).not.toContain('First name');
    await keys('C-c');
    const after = await screenWith(/^exit=\d+/m);
    expect(after).toContain('exit=130');
    expect(after).not.toMatch(/Error|at .*\.js:\d+|ExitPromptError/);
    expect(Number((await t.db('leads').count({ n: '*' }))[0]!.n)).toBe(leads);
  });
});
