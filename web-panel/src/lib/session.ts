/** The signed-in session for components (re-renders on sign-in and sign-out). */
import { useSyncExternalStore } from 'react';
import { auth, type Session } from './api-client.ts';

export const useSession = (): Session | null => useSyncExternalStore(auth.subscribe, auth.session, () => null);

/** Where a session lands after sign-in: its brand, else the brand picker. */
export const homeOf = (session: Session): string => (session.brand_id ? `/b/${session.brand_id}` : '/brands');

/** A return path is only ever a path of this app (never another origin). */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
