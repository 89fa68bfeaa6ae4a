import { beforeAll, describe, expect, it } from 'vitest';
import { addTenantMember, createUser } from '../factories/accounts.ts';
import { createBrand } from '../factories/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let tenantId: number;
let member: number;
let staff: number;

const cli = (args: string[]) => runCli(['notifications', ...args], testEnv(t.url));

beforeAll(async () => {
  const brand = await createBrand(t.db);
  tenantId = brand.tenant_id;
  member = (await createUser(t.db)).id;
  staff = (await createUser(t.db, { is_staff: true })).id;
  await addTenantMember(t.db, { tenantId, userId: member });
});

describe('reclaim notifications: send, list, read, read-all', () => {
  it('sends to a tenant, to everyone and to staff; refuses a send with no audience or two', async () => {
    const tenant = await cli([
      'send',
      '--tenant',
      String(tenantId),
      '--type',
      'announcement',
      '--title',
      'Hello team',
      '--json',
    ]);
    expect(tenant.code).toBe(0);
    expect(JSON.parse(tenant.stdout)).toMatchObject({ audience: 'tenant', tenant_id: tenantId, title: 'Hello team' });

    const global = await cli([
      'send',
      '--global',
      '--type',
      'system',
      '--title',
      'Maintenance',
      '--body',
      'Sunday 2:00 UTC',
    ]);
    expect(global.code).toBe(0);
    expect(global.stdout).toMatch(/^Notification \d+ \(system\) sent to everyone: Maintenance\n$/);

    expect((await cli(['send', '--staff', '--type', 'system', '--title', 'Ops only'])).code).toBe(0);

    const none = await cli(['send', '--type', 'system', '--title', 'To whom?']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('Say who it is for: --global, --staff, --tenant ID, --user ID or --brand ID.');
    const two = await cli(['send', '--global', '--user', String(member), '--type', 'system', '--title', 'x']);
    expect(two.code).toBe(1);
    expect(await t.db('notifications').count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '3' }]);
  });

  it("lists a user's notifications with the unread count, marks one read, then all", async () => {
    const listed = await cli(['list', '--user', String(member), '--json']);
    expect(listed.code).toBe(0);
    const page = JSON.parse(listed.stdout);
    expect(page).toMatchObject({ total: 2, unread: 2 });
    expect(page.items.map((n: { title: string }) => n.title)).toEqual(['Maintenance', 'Hello team']);

    const read = await cli(['read', String(page.items[1].id), '--user', String(member)]);
    expect(read.code).toBe(0);
    expect(read.stdout).toContain(`Notification ${page.items[1].id} read by user ${member} at `);

    const unread = await cli(['list', '--user', String(member), '--filter', 'unread']);
    expect(unread.stdout).toContain(`Notifications of user ${member} (unread): 1 unread.`);
    expect(unread.stdout).toContain('Maintenance');
    expect(unread.stdout).toContain('Sunday 2:00 UTC');
    expect(unread.stdout).not.toContain('Hello team');

    const all = await cli(['read-all', '--user', String(staff), '--json']);
    expect(JSON.parse(all.stdout)).toEqual({ marked: 2 });
    const staffList = await cli(['list', '--user', String(staff)]);
    expect(staffList.stdout).toContain('0 unread.');
    expect(staffList.stdout).toContain('Ops only');
  });

  it('a notification the user may not see is not found, and a bad filter is a user error', async () => {
    const [staffOnly] = await t.db('notifications').where({ audience: 'staff' }).pluck('id');
    const hidden = await cli(['read', String(staffOnly), '--user', String(member), '--json']);
    expect(hidden.code).toBe(1);
    expect(JSON.parse(hidden.stdout).error).toMatchObject({ kind: 'not_found', message: 'Notification not found' });
    const bad = await cli(['list', '--user', String(member), '--filter', 'old']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('filter');
  });
});
