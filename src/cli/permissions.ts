import { Command } from 'commander';
import {
  collectPermissions,
  grantBrandPermission,
  listBrandPermissions,
  revokeBrandPermission,
  type ListedPermission,
} from '../accounts/index.ts';
import { action, parseIntegerFlag, printJson, printLines, withContext, withExamples } from './run.ts';

const rows = (title: string, list: ListedPermission[]): string[] => [
  `${title}:`,
  ...(list.length ? list.map((p) => `  [${p.enabled ? 'x' : ' '}] ${p.permission}`) : ['  (none)']),
];

type ChangeOpts = { brand: string; permission: string; author?: string; json?: boolean };

function changeCommand(parent: Command, name: 'grant' | 'revoke'): void {
  const change = name === 'grant' ? grantBrandPermission : revokeBrandPermission;
  withExamples(
    parent
      .command(name)
      .description(
        name === 'grant'
          ? 'permit a permission for a brand'
          : 'deny a permission for a brand (grants at other levels still count)',
      )
      .requiredOption('--brand <id>', 'brand id')
      .requiredOption('--permission <action:attribute>', 'e.g. read:beta:insights')
      .option('--author <userId>', 'the user making the change')
      .option('--json', 'print the result as JSON'),
    `reclaim permissions ${name} --brand 12 --permission read:beta:insights --author 3`,
  ).action(
    action(async (opts: ChangeOpts) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      const authorId = opts.author === undefined ? null : parseIntegerFlag('--author', opts.author);
      await withContext(async (ctx) => {
        const result = await change(ctx.db, { brandId, permission: opts.permission, authorId });
        if (opts.json) return printJson(result);
        printLines(`${result.permission} is now ${result.state} for brand ${brandId}.`);
      });
    }),
  );
}

export function permissionsCommand(): Command {
  const permissions = withExamples(
    new Command('permissions').description('brand permissions: list, grant, revoke, show the effective set'),
    'reclaim permissions list --brand 12',
  );

  withExamples(
    permissions
      .command('list')
      .description("a brand's permissions: features (beta:) and access, each enabled or not")
      .requiredOption('--brand <id>', 'brand id')
      .option('--json', 'print as JSON'),
    'reclaim permissions list --brand 12 --json',
  ).action(
    action(async (opts: { brand: string; json?: boolean }) => {
      const brandId = parseIntegerFlag('--brand', opts.brand);
      await withContext(async (ctx) => {
        const list = await listBrandPermissions(ctx.db, { brandId });
        if (opts.json) return printJson(list);
        printLines(`Brand ${brandId}`, ...rows('Features', list.features), ...rows('Access', list.access));
      });
    }),
  );

  changeCommand(permissions, 'grant');
  changeCommand(permissions, 'revoke');

  withExamples(
    permissions
      .command('effective')
      .description('the collected permissions (user, tenant, brand, active or trial plans, role defaults)')
      .option('--brand <id>', 'brand id')
      .option('--user <id>', 'user id')
      .option('--json', 'print as JSON'),
    'reclaim permissions effective --brand 12 --user 3',
  ).action(
    action(async (opts: { brand?: string; user?: string; json?: boolean }) => {
      const brandId = opts.brand === undefined ? null : parseIntegerFlag('--brand', opts.brand);
      const userId = opts.user === undefined ? null : parseIntegerFlag('--user', opts.user);
      await withContext(async (ctx) => {
        const list = await collectPermissions(ctx.db, { brandId, userId });
        if (opts.json) return printJson({ brand_id: brandId, user_id: userId, permissions: list });
        printLines(...(list.length ? list : ['(no permissions)']));
      });
    }),
  );
  return permissions;
}
