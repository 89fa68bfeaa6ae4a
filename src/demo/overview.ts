import type { Handle } from '../db/index.ts';
import { loadDemoFixtures } from './fixtures.ts';
import { brandNames, countRows, rowsByState, usersWithPassword, type DemoCounts } from './store/counts.ts';

export interface DemoOverview extends DemoCounts {
  brand_names: string[];
  carts_by_state: Record<string, number>;
  checkouts_by_state: Record<string, number>;
}

/** What `reclaim start` prints: every brand's totals and carts and checkouts by state. */
export async function demoOverview(db: Handle): Promise<DemoOverview> {
  const counts = await countRows(db);
  return {
    ...counts,
    brand_names: await brandNames(db, 5),
    carts_by_state: await rowsByState(db, 'carts'),
    checkouts_by_state: await rowsByState(db, 'checkouts'),
  };
}

export interface DemoLogin {
  /** The app the user signs in to (`/api/auth/login` with this app, or `reclaim auth login --app`). */
  app: 'brand' | 'admin';
  email: string;
  password: string;
  /** Who this is, for people: "Northwind Outfitters admin", "staff", ... */
  role: string;
}

/**
 * The demo users that exist with a password, with their demo password. Only for the embedded
 * (demo) database: the caller decides; on a server the seed sets no password at all.
 */
export async function demoLogins(db: Handle): Promise<DemoLogin[]> {
  const fixtures = await loadDemoFixtures();
  const all: DemoLogin[] = [
    ...fixtures.brands.flatMap((b) =>
      b.user
        ? [{ app: 'brand' as const, email: b.user.email, password: b.user.password, role: `${b.brand.name} admin` }]
        : [],
    ),
    { app: 'admin', email: fixtures.staff.email, password: fixtures.staff.password, role: 'staff' },
    ...fixtures.brands.flatMap((b) =>
      b.partner
        ? [
            {
              app: 'admin' as const,
              email: b.partner.user.email,
              password: b.partner.user.password,
              role: `${b.partner.name}, partner managing ${b.brand.name}`,
            },
          ]
        : [],
    ),
  ];
  const present = await usersWithPassword(
    db,
    all.map((login) => login.email),
  );
  return all.filter((login) => present.has(login.email.toLowerCase()));
}
