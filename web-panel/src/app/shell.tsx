/**
 * The frame of every signed-in page: the brand's name and navigation (brand pages), the way to
 * the brand picker (when the session may see several brands), notifications and sign-out.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { NotificationBell } from '../features/notifications/components/bell.tsx';
import { signOut } from '../lib/api-client.ts';
import { useSession } from '../lib/session.ts';

const NAV = [
  { to: '', label: 'Home', end: true },
  { to: 'conversations', label: 'Conversations', end: false },
  { to: 'workflows', label: 'Workflows', end: false },
  { to: 'insights', label: 'Insights', end: false },
  { to: 'knowledge', label: 'Knowledge', end: false },
  { to: 'segments', label: 'Segments', end: false },
  { to: 'campaigns', label: 'Campaigns', end: false },
  { to: 'ads', label: 'Ads', end: false },
  { to: 'settings', label: 'Settings', end: false },
] as const;

/** True inside a Shell: a page drawn inside the brand's frame (its not-found page) draws no second one. */
const InShell = createContext(false);

export function Shell({ brand, children }: { brand?: { id: number; name: string }; children: ReactNode }) {
  const nested = useContext(InShell);
  if (nested) return <>{children}</>;
  return (
    <InShell.Provider value={true}>
      <Frame brand={brand}>{children}</Frame>
    </InShell.Provider>
  );
}

function Frame({ brand, children }: { brand?: { id: number; name: string }; children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const manyBrands = Boolean(session && (session.is_staff || session.partner_id !== null || !session.brand_id));

  const onSignOut = async () => {
    // To the sign-in page first, then end the session: ended under a brand page, its guard would
    // send the user to sign-in with that page to return to, and the next sign-in would land on a
    // stale page instead of home. A new entry: the back button then lands on a brand page, which
    // sends a signed-out user to sign-in.
    navigate('/login');
    await signOut();
    queryClient.clear();
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link className="logo" to={brand ? `/b/${brand.id}` : '/'}>
          Reclaim
        </Link>
        {brand ? <span className="brand-name">{brand.name}</span> : null}
        {manyBrands ? (
          <Link className="topbar-link" to="/brands">
            Switch brand
          </Link>
        ) : null}
        <span className="topbar-spacer" />
        <NotificationBell />
        {session ? (
          <Link className="account-link" to="/account" title={`Account security of ${session.email}`}>
            <span className="user-email">{session.email}</span>
            <span className="account-short">Account</span>
          </Link>
        ) : null}
        <button type="button" className="button button-quiet" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      {brand ? (
        <nav className="nav" aria-label="Brand pages">
          {NAV.map((item) => (
            <NavLink key={item.label} to={`/b/${brand.id}${item.to ? `/${item.to}` : ''}`} end={item.end}>
              {item.label}
            </NavLink>
          ))}
        </nav>
      ) : null}
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
