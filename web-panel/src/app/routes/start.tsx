import { Navigate } from 'react-router';
import { homeOf, useSession } from '../../lib/session.ts';

/** `/`: the session's brand, or the brand picker. */
export default function Start() {
  const session = useSession();
  return <Navigate to={session ? homeOf(session) : '/login'} replace />;
}
