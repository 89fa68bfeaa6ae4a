/**
 * Pages behind sign-in. Without a session in memory it asks the server for one with the refresh
 * cookie (a reload, a new tab); without a live session it sends the user to sign-in with the way
 * back (`/login?redirectTo=/b/1/workflows?period=7d`).
 */
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { auth } from '../lib/api-client.ts';
import { useSession } from '../lib/session.ts';

export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const [checked, setChecked] = useState(session !== null);

  useEffect(() => {
    if (session || checked) return;
    let live = true;
    void auth.refresh().finally(() => live && setChecked(true));
    return () => {
      live = false;
    };
  }, [session, checked]);

  if (session) return <Outlet />;
  if (!checked)
    return (
      <div className="state state-loading page-center" role="status">
        <span className="spinner" aria-hidden="true" /> Loading…
      </div>
    );
  const back = `${location.pathname}${location.search}`;
  return <Navigate to={back === '/' ? '/login' : `/login?redirectTo=${encodeURIComponent(back)}`} replace />;
}
