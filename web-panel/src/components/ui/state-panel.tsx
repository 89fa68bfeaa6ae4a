/**
 * One state panel for every data block: loading, error (the API's message and a retry), empty
 * (a sentence saying why and what to do) and content. It keeps its height while loading so the
 * page does not jump, and keeps showing the previous data (dimmed) while a query refetches.
 */
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client.ts';

export interface StatePanelProps {
  /** No data yet. */
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Data arrived and there is nothing to show. */
  empty?: boolean;
  emptyMessage?: ReactNode;
  /** Data is shown while a newer answer is on its way. */
  refreshing?: boolean;
  /** Reserved height while loading, in px. */
  minHeight?: number;
  /** Names the block for screen readers: "Loading recovered sales…". */
  label: string;
  children?: ReactNode;
}

export const errorMessage = (error: unknown): string =>
  error instanceof ApiError || error instanceof Error ? error.message : 'Something went wrong.';

export function StatePanel({
  loading,
  error,
  onRetry,
  empty,
  emptyMessage,
  refreshing,
  minHeight = 120,
  label,
  children,
}: StatePanelProps) {
  if (loading)
    return (
      <div className="state state-loading" style={{ minHeight }} role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span>Loading {label}…</span>
      </div>
    );
  if (error) return <ErrorState error={error} onRetry={onRetry} />;
  if (empty)
    return (
      <div className="state state-empty" style={{ minHeight }}>
        {emptyMessage ?? `No ${label} yet.`}
      </div>
    );
  return (
    <div className={refreshing ? 'state-content is-refreshing' : 'state-content'} aria-busy={refreshing || undefined}>
      {children}
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <div className="state state-error" role="alert">
      <p>
        <strong>{notFound ? 'Not found' : 'Could not load this.'}</strong> {errorMessage(error)}
      </p>
      {onRetry && !notFound ? (
        <button type="button" className="button" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}
