// @vitest-environment happy-dom
import { fireEvent } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { StatePanel } from '../../web-panel/src/components/ui/state-panel.tsx';
import { ApiError } from '../../web-panel/src/lib/api-client.ts';
import { renderPanel } from './render.tsx';

describe('the state panel', () => {
  test('loading, then an API error with its message and a retry, then empty, then content', () => {
    let retried = 0;
    const error = new ApiError(500, { error: { kind: 'internal', message: 'The database is not answering.' } });
    const view = renderPanel(<StatePanel loading label="recovered sales" />);
    expect(view.getByRole('status').textContent).toBe('Loading recovered sales…');

    view.rerender(<StatePanel loading={false} error={error} onRetry={() => retried++} label="recovered sales" />);
    expect(view.getByRole('alert').textContent).toContain('The database is not answering.');
    fireEvent.click(view.getByRole('button', { name: 'Retry' }));
    expect(retried).toBe(1);

    view.rerender(<StatePanel loading={false} empty emptyMessage="No orders in this period." label="orders" />);
    expect(view.getByText('No orders in this period.')).toBeTruthy();

    view.rerender(
      <StatePanel loading={false} label="orders">
        <p>12 orders</p>
      </StatePanel>,
    );
    expect(view.getByText('12 orders')).toBeTruthy();
  });

  test('a 404 says not found and offers no retry', () => {
    const error = new ApiError(404, { error: { kind: 'not_found', message: 'Conversation not found' } });
    const view = renderPanel(<StatePanel loading={false} error={error} onRetry={() => {}} label="conversation" />);
    expect(view.getByRole('alert').textContent).toBe('Not found Conversation not found');
    expect(view.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
