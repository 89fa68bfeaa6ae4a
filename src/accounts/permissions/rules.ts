/**
 * Permission rules (spec 4 section 6, spec 1 section 6, spec 2 sections 3 and 6). Pure: no I/O.
 *
 * A permission is written `action:attribute`; the attribute may itself contain colons
 * (`read:plans:12`, `read:beta:insights`), so only the first colon separates the two.
 */
import { AppError } from '../../app/index.ts';

export type GrantState = 'permitted' | 'denied';

export interface Grant {
  action: string;
  attribute: string;
  state: GrantState;
}

export interface Permission {
  action: string;
  attribute: string;
}

export const WILDCARD = '*';
export const BETA_PREFIX = 'beta:';
/** The subscription statuses whose plan grants count. */
export const GRANTING_SUBSCRIPTION_STATUSES: readonly string[] = ['active', 'in_trial'];

/** Default role permissions: admin gets create:users and update:users; member none. */
export const DEFAULT_ROLE_PERMISSIONS: Readonly<Record<string, readonly string[]>> = {
  admin: ['create:users', 'update:users'],
  member: [],
};

export const formatPermission = ({ action, attribute }: Permission): string => `${action}:${attribute}`;

/** 'read:plans:3' -> { action: 'read', attribute: 'plans:3' }; anything without both parts is refused. */
export function parsePermission(value: string): Permission {
  const text = value.trim();
  const colon = text.indexOf(':');
  const action = colon > 0 ? text.slice(0, colon).trim() : '';
  const attribute = colon > 0 ? text.slice(colon + 1).trim() : '';
  if (!action || !attribute || /\s/.test(action)) {
    throw new AppError(
      'invalid_input',
      `Permission must look like action:attribute (e.g. read:plans:3), got "${value}".`,
    );
  }
  return { action, attribute };
}

export const isFeature = (attribute: string): boolean => attribute.startsWith(BETA_PREFIX);

/** The read permission through which a plan's grants reach a brand (and the plan becomes visible). */
export const planReadPermission = (planId: number): Permission => ({ action: 'read', attribute: `plans:${planId}` });

/**
 * The effective permissions of a set of grants, as sorted `action:attribute` strings.
 *
 * Only grants in state 'permitted' count. A 'denied' grant is simply ignored: it does NOT
 * subtract a permission that another level (user, tenant, brand or plan) permits.
 *
 * For each action, a wildcard attribute (`*`) replaces the specific attributes of that action,
 * except attributes starting with `beta:` (features), which are kept beside the wildcard.
 * The role's default permissions are added before the wildcard rule applies.
 */
export function collapsePermissions(grants: readonly Grant[], { role }: { role?: string | null } = {}): string[] {
  const byAction = new Map<string, Set<string>>();
  const add = ({ action, attribute }: Permission): void => {
    const set = byAction.get(action) ?? new Set<string>();
    set.add(attribute);
    byAction.set(action, set);
  };
  for (const grant of grants) if (grant.state === 'permitted') add(grant);
  for (const text of DEFAULT_ROLE_PERMISSIONS[role ?? ''] ?? []) add(parsePermission(text));

  const result: string[] = [];
  for (const [action, attributes] of byAction) {
    const kept = attributes.has(WILDCARD)
      ? [...attributes].filter((a) => a === WILDCARD || isFeature(a))
      : [...attributes];
    for (const attribute of kept) result.push(formatPermission({ action, attribute }));
  }
  return result.sort();
}

export interface ListedPermission {
  permission: string;
  action: string;
  attribute: string;
  enabled: boolean;
}

/** Splits a brand's permission rows into features (attributes starting with beta:) and access (the rest). */
export function splitFeatures(rows: readonly Grant[]): { features: ListedPermission[]; access: ListedPermission[] } {
  const listed = rows
    .map((row) => ({
      permission: formatPermission(row),
      action: row.action,
      attribute: row.attribute,
      enabled: row.state === 'permitted',
    }))
    .sort((a, b) => a.permission.localeCompare(b.permission));
  return {
    features: listed.filter((p) => isFeature(p.attribute)),
    access: listed.filter((p) => !isFeature(p.attribute)),
  };
}

/**
 * Custom plans are named after the published plan they derive from plus a suffix carrying the
 * price (whole USD per month) and the usage-charge rate (percent): `<base> - $<price>/<rate>%`,
 * e.g. 'Growth - $149/3%' or 'Growth - $99.50/2.5%'. The base name is the name without it.
 */
const CUSTOM_PLAN_SUFFIX = /\s+-\s+\$\d+(?:\.\d+)?\/\d+(?:\.\d+)?%\s*$/;

export const planBaseName = (name: string): string => name.replace(CUSTOM_PLAN_SUFFIX, '').trim();

export const customPlanName = (baseName: string, price: number, ratePercent: number): string =>
  `${baseName.trim()} - $${price}/${ratePercent}%`;
