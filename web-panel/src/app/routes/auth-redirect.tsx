/**
 * `/auth/redirect?token=`: arriving from a sign-in made elsewhere (a store's app). The token is
 * exchanged once for this browser's session and removed from the address bar at once.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormError } from '../../components/ui/field.tsx';
import { useExchangeToken } from '../../features/auth/api/token-handoff.ts';
import { AuthCard } from '../../features/auth/components/auth-card.tsx';
import { homeOf, safeReturnPath } from '../../lib/session.ts';

export default function AuthRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const exchange = useExchangeToken();
  const started = useRef(false);
  // Read once: the address bar loses the token right away.
  const [token] = useState(() => params.get('token') ?? '');
  const [next] = useState(() => safeReturnPath(params.get('redirectTo')));

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    navigate('/auth/redirect', { replace: true });
    exchange.mutate(token, { onSuccess: (session) => navigate(next ?? homeOf(session), { replace: true }) });
  }, [token, next, exchange, navigate]);

  return (
    <AuthCard title="Signing you in">
      {!token || exchange.isError ? (
        <>
          <FormError message={token ? exchange.error?.message : 'Invalid token'} />
          <Link to="/login">Sign in</Link>
        </>
      ) : (
        <p role="status" className="muted">
          One moment…
        </p>
      )}
    </AuthCard>
  );
}
