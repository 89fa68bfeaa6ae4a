/**
 * `/brands`: the brands the session may see, to pick one (partners; staff see every brand ranked
 * by earnings). Search and page live in the URL.
 */
import { useEffect, useState } from 'react';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { StatePanel } from '../../components/ui/state-panel.tsx';
import { useBrandsQuery } from '../../features/brands/api/get-brands.ts';
import { useStaffBrandsQuery } from '../../features/brands/api/get-staff-brands.ts';
import { DEFAULT_LOCALE, formatMoney, formatNumber, timezoneName } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useSearchState } from '../../lib/url-state.ts';
import { Shell } from '../shell.tsx';

const PAGE_SIZE = 50;

export default function BrandsPage() {
  const session = useSession();
  const staff = Boolean(session?.is_staff);
  const [params, update] = useSearchState();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const paging = { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
  const mine = useBrandsQuery({ q: q || undefined, ...paging });
  const ranked = useStaffBrandsQuery({ search: q || undefined, ...paging }, staff);
  const list = staff ? ranked : mine;

  return (
    <Shell>
      <PageHeader title="Brands">
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            update({ q: draft.trim() || null, page: null });
          }}
        >
          <label className="visually-hidden" htmlFor="brand-search">
            Search brands
          </label>
          <input
            id="brand-search"
            type="search"
            placeholder="Name or domain"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />{' '}
          <button type="submit" className="button">
            Search
          </button>
        </form>
      </PageHeader>
      <p className="muted">
        {staff ? 'Every brand, highest earnings first.' : 'The brands your account manages.'} Choose one to open it.
      </p>
      <StatePanel
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={list.data?.items.length === 0}
        emptyMessage={q ? `No brand matches “${q}”.` : 'Your account has no brands yet.'}
        refreshing={list.isPlaceholderData}
        label="brands"
      >
        <TableScroll label="Brands" className="card">
          <table>
            <thead>
              <tr>
                <th scope="col">Brand</th>
                <th scope="col">Domain</th>
                {staff ? (
                  <>
                    <th scope="col" className="num">
                      Earnings
                    </th>
                    <th scope="col" className="num">
                      Recovered orders
                    </th>
                  </>
                ) : (
                  <th scope="col">Time zone</th>
                )}
              </tr>
            </thead>
            <tbody>
              {staff
                ? ranked.data?.items.map((brand) => (
                    <tr key={brand.id}>
                      <td>
                        <Link to={`/b/${brand.id}`}>{brand.name}</Link>
                      </td>
                      <td>{brand.domain ?? '—'}</td>
                      <td className="num">{formatMoney(brand.total_earnings, DEFAULT_LOCALE)}</td>
                      <td className="num">{formatNumber(brand.recovered_orders, DEFAULT_LOCALE)}</td>
                    </tr>
                  ))
                : mine.data?.items.map((brand) => (
                    <tr key={brand.id}>
                      <td>
                        <Link to={`/b/${brand.id}`}>{brand.name}</Link>
                      </td>
                      <td>{brand.domain ?? '—'}</td>
                      <td>{timezoneName(brand.timezone)}</td>
                    </tr>
                  ))}
            </tbody>
          </table>
        </TableScroll>
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={list.data?.total ?? 0}
          onPage={(next) => update({ page: next === 1 ? null : next })}
          label="Brands"
        />
      </StatePanel>
    </Shell>
  );
}
