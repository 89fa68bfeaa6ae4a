// @vitest-environment happy-dom
import { fireEvent } from '@testing-library/react';
import { useMemo } from 'react';
import { describe, expect, test } from 'vitest';
import { InboxFilters } from '../../web-panel/src/features/conversations/components/inbox-filters.tsx';
import {
  filterSearch,
  listQuery,
  readFilters,
  startOfDay,
} from '../../web-panel/src/features/conversations/filters.ts';
import { useSearchState } from '../../web-panel/src/lib/url-state.ts';
import { renderPanel } from './render.tsx';

const TZ = 'America/Los_Angeles';

/** The filters wired to the URL as the inbox page wires them. */
function Filters() {
  const [params, update] = useSearchState();
  const value = useMemo(() => readFilters(params), [params]);
  return (
    <InboxFilters
      value={value}
      onChange={(change) => update(filterSearch(change))}
      workflows={[
        { id: 7, name: 'Abandoned Cart' },
        { id: 9, name: 'Post Purchase' },
      ]}
      timezone={TZ}
    />
  );
}

describe("the inbox filters' URL state", () => {
  test('each filter is written to the URL and sends the list back to page 1', () => {
    const view = renderPanel(<Filters />, { url: '/b/1/conversations?page=3' });
    fireEvent.change(view.getByLabelText('State'), { target: { value: 'recovered' } });
    expect(view.location().search).toBe('?state=recovered');

    fireEvent.change(view.getByLabelText('Workflow'), { target: { value: '9' } });
    fireEvent.change(view.getByLabelText('Reply'), { target: { value: 'yes' } });
    fireEvent.change(view.getByLabelText('Show'), { target: { value: 'hidden' } });
    fireEvent.click(view.getByLabelText('Unread only'));
    fireEvent.change(view.getByLabelText('Started from'), { target: { value: '2026-11-01' } });
    fireEvent.change(view.getByLabelText('Started to'), { target: { value: '2026-11-07' } });
    fireEvent.change(view.getByLabelText('Search'), { target: { value: ' (415) 555-0101 ' } });
    expect(new URLSearchParams(view.location().search).has('q')).toBe(false); // applied on submit only
    fireEvent.click(view.getByRole('button', { name: 'Search' }));
    expect(Object.fromEntries(new URLSearchParams(view.location().search))).toEqual({
      state: 'recovered',
      workflow: '9',
      reply: 'yes',
      hidden: 'hidden',
      unread: '1',
      from: '2026-11-01',
      to: '2026-11-07',
      q: '(415) 555-0101',
    });

    fireEvent.click(view.getByRole('button', { name: 'Clear filters' }));
    expect(view.location().search).toBe('');
    expect(view.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  test('a link opens with its filters shown', () => {
    const view = renderPanel(<Filters />, {
      url: '/b/1/conversations?state=abandoned&workflow=7&reply=no&unread=1&q=maria&from=2026-10-01',
    });
    expect((view.getByLabelText('State') as HTMLSelectElement).value).toBe('abandoned');
    expect((view.getByLabelText('Workflow') as HTMLSelectElement).value).toBe('7');
    expect((view.getByLabelText('Reply') as HTMLSelectElement).value).toBe('no');
    expect((view.getByLabelText('Unread only') as HTMLInputElement).checked).toBe(true);
    expect((view.getByLabelText('Search') as HTMLInputElement).value).toBe('maria');
    expect((view.getByLabelText('Started from') as HTMLInputElement).value).toBe('2026-10-01');
    expect(view.getByText('Days and times in PST (Pacific Time)')).toBeTruthy();
  });

  test('unknown values in the URL fall back to the defaults', () => {
    expect(
      readFilters(new URLSearchParams('state=bogus&workflow=x1&reply=maybe&hidden=no&from=2026-02-30&page=-2')),
    ).toEqual({ state: '', workflow: '', reply: '', hidden: '', unread: false, from: '', to: '', q: '', page: 1 });
  });

  test("the list API's query: local days as instants of the brand's time zone, phone digits, visible by default", () => {
    const filters = readFilters(
      new URLSearchParams('state=recovered&workflow=9&reply=no&from=2026-11-01&to=2026-11-01&q=(415) 555-0101&page=3'),
    );
    expect(listQuery(filters, TZ)).toEqual({
      checkout_state: 'recovered',
      workflow_id: '9',
      has_response: false,
      is_hidden: false,
      is_unread: undefined,
      from: '2026-11-01T07:00:00.000Z', // midnight PDT (the clocks go back at 2 AM that day)
      to: '2026-11-02T08:00:00.000Z', // the next midnight, PST
      q: '4155550101',
      offset: 50,
      limit: 25,
    });
    expect(listQuery(readFilters(new URLSearchParams('hidden=all&q=Maria Lopez')), TZ)).toMatchObject({
      is_hidden: undefined,
      q: 'Maria Lopez',
      offset: 0,
    });
    expect(startOfDay('2026-07-04', 'Europe/Berlin').toISOString()).toBe('2026-07-03T22:00:00.000Z');
  });
});
