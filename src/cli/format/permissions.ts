import type { BrandPermissionList, ListedPermission } from '../../accounts/index.ts';

const section = (title: string, list: ListedPermission[]): string[] => [
  `${title}:`,
  ...(list.length ? list.map((p) => `  [${p.enabled ? 'x' : ' '}] ${p.permission}`) : ['  (none)']),
];

/** `permissions list`: the brand's features and access, each ticked when enabled. */
export const brandPermissions = (brandId: number, list: BrandPermissionList): string =>
  [`Brand ${brandId}`, ...section('Features', list.features), ...section('Access', list.access)].join('\n');

/** `permissions grant` / `revoke`: the permission's new state. */
export const permissionChanged = (result: { permission: string; state: string }, brandId: number): string =>
  `${result.permission} is now ${result.state} for brand ${brandId}.`;

/** `permissions effective`: one permission a line. */
export const effectivePermissions = (list: string[]): string => (list.length ? list : ['(no permissions)']).join('\n');
