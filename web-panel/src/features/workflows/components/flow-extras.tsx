/**
 * What a scheduled flow and a keyword flow add to the workflow page: the schedule in words with its
 * segment and runs; the keyword, its `sms:` link and the QR code to download (made on the server).
 */
import { StatePanel } from '../../../components/ui/state-panel.tsx';
import type { Brand } from '../../../lib/brand.tsx';
import { formatDateTime, formatNumber, timezoneLabel } from '../../../lib/format.ts';
import { useKeywordLink } from '../api/get-keyword-link.ts';
import { useScheduledFlow } from '../api/get-scheduled-flow.ts';
import { cronInWords } from './cron.ts';

export function ScheduleDetails({ brand, flowId }: { brand: Brand; flowId: number }) {
  const flow = useScheduledFlow(brand.id, flowId, true);
  return (
    <section className="section card" aria-labelledby="wf-schedule">
      <h2 id="wf-schedule">Schedule</h2>
      <StatePanel loading={flow.isPending} error={flow.error} onRetry={() => void flow.refetch()} label="the schedule">
        {flow.data ? (
          <>
            <dl className="facts">
              <dt>When</dt>
              <dd data-testid="schedule-words">
                {cronInWords(flow.data.cron)} ({timezoneLabel(flow.data.timezone)}) · <code>{flow.data.cron}</code>
              </dd>
              <dt>Segment</dt>
              <dd>{flow.data.segment?.name ?? 'none'}</dd>
            </dl>
            {flow.data.runs.length ? (
              <table>
                <caption>Runs</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">State</th>
                    <th scope="col">Targeted</th>
                    <th scope="col">Sent</th>
                    <th scope="col">Waiting</th>
                    <th scope="col">Failed</th>
                  </tr>
                </thead>
                <tbody>
                  {flow.data.runs.map((r) => (
                    <tr key={r.run_id}>
                      <td>{r.scheduled_for ? formatDateTime(r.scheduled_for, brand) : '—'}</td>
                      <td>{r.state}</td>
                      <td className="num">{formatNumber(r.targeted, brand)}</td>
                      <td className="num">{formatNumber(r.sent, brand)}</td>
                      <td className="num">{formatNumber(r.held, brand)}</td>
                      <td className="num">{formatNumber(r.failed, brand)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="muted">No run yet: the first is {cronInWords(flow.data.cron)}.</p>
            )}
          </>
        ) : null}
      </StatePanel>
    </section>
  );
}

export function KeywordLinkCard({ brand, flowId }: { brand: Brand; flowId: number }) {
  const link = useKeywordLink(brand.id, flowId, true);
  const svgUrl = link.data?.qr_svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(link.data.qr_svg)}` : null;
  return (
    <section className="section card" aria-labelledby="wf-keyword">
      <h2 id="wf-keyword">Keyword, link and QR code</h2>
      <StatePanel loading={link.isPending} error={link.error} onRetry={() => void link.refetch()} label="the link">
        {link.data ? (
          <div className="qr-row">
            <dl className="facts">
              <dt>Keyword</dt>
              <dd data-testid="keyword">{link.data.keyword}</dd>
              <dt>Texted to</dt>
              <dd>{link.data.number ?? '—'}</dd>
              <dt>Link</dt>
              <dd>{link.data.link ? <code data-testid="sms-link">{link.data.link}</code> : link.data.problem}</dd>
            </dl>
            {svgUrl && link.data.qr_png ? (
              <figure className="qr">
                <img src={svgUrl} width={180} height={180} alt={`QR code that opens a text of ${link.data.keyword}`} />
                <figcaption>
                  <a className="button" href={link.data.qr_png} download={`${link.data.keyword}-qr.png`}>
                    Download PNG
                  </a>{' '}
                  <a className="button" href={svgUrl} download={`${link.data.keyword}-qr.svg`}>
                    Download SVG
                  </a>
                </figcaption>
              </figure>
            ) : null}
          </div>
        ) : null}
      </StatePanel>
    </section>
  );
}
