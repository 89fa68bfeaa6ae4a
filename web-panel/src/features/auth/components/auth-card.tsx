import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/page-title.ts';

/** The frame of the sign-in pages: the product name and one card. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <main className="page-center auth-page">
      <div className="card auth-card">
        <p className="logo">Reclaim</p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
