import { Command } from 'commander';
import {
  collectPermissions,
  grantBrandPermission,
  listBrandPermissions,
  revokeBrandPermission,
} from '../accounts/index.ts';
import { optionalInteger, parseIntegerFlag } from './flags.ts';
import { brandPermissions, effectivePermissions, permissionChanged } from './format/permissions.ts';
import { action, printJson, printLines, withContext, withExamples } from './run.ts';

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
      const authorId = optionalInteger('--author', opts.author) ?? null;
      await withContext(async (ctx) => {
        const result = await change(ctx.db, { brandId, permission: opts.permission, authorId });
        if (opts.json) return printJson(result);
        printLines(permissionChanged(result, brandId));
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
        printLines(brandPermissions(brandId, list));
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
      const brandId = optionalInteger('--brand', opts.brand) ?? null;
      const userId = optionalInteger('--user', opts.user) ?? null;
      await withContext(async (ctx) => {
        const list = await collectPermissions(ctx.db, { brandId, userId });
        if (opts.json) return printJson({ brand_id: brandId, user_id: userId, permissions: list });
        printLines(effectivePermissions(list));
      });
    }),
  );
  return permissions;
}
