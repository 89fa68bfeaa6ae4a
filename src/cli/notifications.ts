import { Command } from 'commander';
import { AppError } from '../app/index.ts';
import {
  createNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATION_FILTERS,
  NOTIFICATION_TYPES,
  unreadNotificationCount,
  type CreateNotificationInput,
} from '../notifications/index.ts';
import { optionalInteger, parseIntegerFlag, parsePositiveIntegerFlag } from './flags.ts';
import { allRead, notificationList, notificationRead, notificationSent } from './format/notifications.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

type SendOpts = {
  global?: boolean;
  staff?: boolean;
  tenant?: string;
  user?: string;
  brand?: string;
  type: string;
  title: string;
  body?: string;
  json?: boolean;
};

const TARGETS = '--global, --staff, --tenant ID, --user ID or --brand ID';

/** Who a sent notification is for: exactly one of --global, --staff, --tenant, --user; or --brand alone. */
function sendInput(opts: SendOpts): CreateNotificationInput {
  const tenantId = optionalInteger('--tenant', opts.tenant);
  const userId = optionalInteger('--user', opts.user);
  const brandId = optionalInteger('--brand', opts.brand);
  const chosen = [opts.global, opts.staff, tenantId !== undefined, userId !== undefined].filter(Boolean).length;
  if (chosen > 1) throw new AppError('invalid_input', `Give one of ${TARGETS}.`);
  if (chosen === 0 && brandId === undefined) throw new AppError('invalid_input', `Say who it is for: ${TARGETS}.`);
  if (opts.global && brandId !== undefined)
    throw new AppError('invalid_input', '--global is for every user: it cannot name a brand (use --brand alone).');
  return {
    type: opts.type as CreateNotificationInput['type'],
    title: opts.title,
    body: opts.body,
    userId,
    tenantId,
    brandId,
    audience: opts.staff ? 'staff' : 'all',
  };
}

function addSend(parent: Command): void {
  withExamples(
    parent
      .command('send')
      .description(
        "create a notification: for every user (--global), staff (--staff), a tenant's active members (--tenant, or --brand alone for the brand's tenant) or one user (--user)",
      )
      .option('--global', 'every user')
      .option('--staff', 'staff users only')
      .option('--tenant <id>', "the tenant's active members")
      .option('--user <id>', 'one user')
      .option('--brand <id>', "the brand it is about (alone: the brand's tenant)")
      .requiredOption('--type <type>', NOTIFICATION_TYPES.join(' | '))
      .requiredOption('--title <text>', 'the title')
      .option('--body <text>', 'the text')
      .option('--json', 'print the notification as JSON'),
    'reclaim notifications send --global --type announcement --title "New: weekly reports" --body "See Insights."',
    'reclaim notifications send --brand 12 --type system --title "Store reconnected"',
  ).action(
    action(async (opts: SendOpts) => {
      const input = sendInput(opts);
      await withContext(async (ctx) => {
        const sent = await createNotification(ctx.db, input);
        if (opts.json) return printJson(sent);
        printLines(notificationSent(sent));
      });
    }),
  );
}

export function notificationsCommand(): Command {
  const notifications = withExamples(
    new Command('notifications').description('in-app notifications: list a user’s, send, mark read'),
    'reclaim notifications list --user 3 --filter unread',
  );

  withExamples(
    notifications
      .command('list')
      .description("the notifications a user sees, newest first, with the user's read state")
      .requiredOption('--user <id>', 'user id')
      .option('--filter <filter>', NOTIFICATION_FILTERS.join(' | '), 'all')
      .option('--offset <n>', 'skip this many', '0')
      .option('--limit <n>', 'show this many (at most 100)', '10')
      .option('--json', 'print as JSON: {items, total, unread}'),
    'reclaim notifications list --user 3',
    'reclaim notifications list --user 3 --filter announcement --json',
  ).action(
    action(async (opts: { user: string; filter: string; offset: string; limit: string; json?: boolean }) => {
      const userId = parseIntegerFlag('--user', opts.user);
      const offset = parseIntegerFlag('--offset', opts.offset);
      const limit = parsePositiveIntegerFlag('--limit', opts.limit, { max: 100 });
      await withContext(async (ctx) => {
        const filter = opts.filter as (typeof NOTIFICATION_FILTERS)[number];
        const page = await listNotifications(ctx.db, { userId, filter, offset, limit });
        const { unread } = await unreadNotificationCount(ctx.db, { userId });
        if (opts.json) return printJson({ ...page, unread });
        printLines(notificationList(userId, filter, { ...page, unread }, offset));
      });
    }),
  );

  addSend(notifications);

  withExamples(
    notifications
      .command('read')
      .description('mark a notification read for a user')
      .argument('<id>', 'notification id')
      .requiredOption('--user <id>', 'user id')
      .option('--json', 'print the notification as JSON'),
    'reclaim notifications read 14 --user 3',
  ).action(
    action(async (id: string, opts: { user: string; json?: boolean }) => {
      const notificationId = parseIntegerFlag('notification id', id);
      const userId = parseIntegerFlag('--user', opts.user);
      await withContext(async (ctx) => {
        const read = await markNotificationRead(ctx.db, { id: notificationId, userId });
        if (opts.json) return printJson(read);
        printLines(notificationRead(read, userId));
      });
    }),
  );

  withExamples(
    notifications
      .command('read-all')
      .description('mark every notification a user sees read')
      .requiredOption('--user <id>', 'user id')
      .option('--json', 'print {marked} as JSON'),
    'reclaim notifications read-all --user 3',
  ).action(
    action(async (opts: { user: string; json?: boolean }) => {
      const userId = parseIntegerFlag('--user', opts.user);
      await withContext(async (ctx) => {
        const { marked } = await markAllNotificationsRead(ctx.db, { userId });
        if (opts.json) return printJson({ marked });
        printLines(allRead(marked, userId));
      });
    }),
  );
  return notifications;
}
