/** `/auth-redirect` (placeholder). */
import { AuthCard } from '../../features/auth/components/auth-card.tsx';

export default function AuthRedirectPage() {
  return (
    <AuthCard title="Signing you in">
      <p className="muted">This page is on its way.</p>
    </AuthCard>
  );
}
