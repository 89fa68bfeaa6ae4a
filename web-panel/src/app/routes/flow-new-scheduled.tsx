/**
 * `/b/:brandId/workflows/new/scheduled`: a scheduled flow: a segment, a schedule built in words
 * ("every Monday at 10:00" makes `0 10 * * 1`, in the brand's time zone) and the message in the
 * composer. It is active at once, so starting one is an admin's: a member sees the form disabled
 * with the reason.
 */
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Composer } from '../../components/composer/composer.tsx';
import { Field, FormError } from '../../components/ui/field.tsx';
import { errorMessage } from '../../components/ui/state-panel.tsx';
import { useCreateScheduledFlow } from '../../features/workflows/api/create-scheduled-flow.ts';
import { useFlowOptions } from '../../features/workflows/api/get-flow-options.ts';
import { NewFlowFrame } from '../../features/workflows/components/new-flow-frame.tsx';
import { CronPicker } from '../../features/workflows/components/cron-picker.tsx';
import { buildCron, cronInWords, DEFAULT_CHOICE, type CronChoice } from '../../features/workflows/components/cron.ts';
import '../../features/workflows/components/workflows.css';
import { useBrand } from '../../lib/brand.tsx';
import { useComposerContext } from '../../lib/composer-context.ts';
import { timezoneLabel } from '../../lib/format.ts';

export default function NewScheduledFlowPage() {
  const brand = useBrand();
  const id = useId();
  const navigate = useNavigate();
  const options = useFlowOptions(brand.id);
  const context = useComposerContext(brand.id);
  const create = useCreateScheduledFlow(brand.id);
  const [name, setName] = useState('');
  const [segmentId, setSegmentId] = useState('');
  const [choice, setChoice] = useState<CronChoice>(DEFAULT_CHOICE);
  const [message, setMessage] = useState('');
  const [link, setLink] = useState('');
  const [smart, setSmart] = useState(false);
  const tz = timezoneLabel(brand.timezone);
  const canStart = options.data?.can_start === true;
  const segments = options.data?.segments ?? [];
  const chosen = Number(segmentId) || segments[0]?.id;

  return (
    <NewFlowFrame
      title="New scheduled flow"
      intro={
        <>
          A scheduled flow texts everyone in a segment who may be texted, on a schedule in your time zone ({tz}). It
          starts as soon as it is saved.
        </>
      }
      options={options}
      label="the segments"
    >
      {segments.length === 0 ? (
        <p className="notice" role="note">
          There are no segments yet: a scheduled flow texts a segment. Make one first.
        </p>
      ) : null}
      <form
        className="card flow-form"
        aria-labelledby={`${id}-title`}
        onSubmit={(event) => {
          event.preventDefault();
          if (!chosen) return;
          create.mutate(
            {
              segment_id: chosen,
              cron: buildCron(choice),
              message,
              name: name.trim() || undefined,
              link_url: link.trim() || undefined,
              smart_sending: smart,
            },
            { onSuccess: (flow) => navigate(`/b/${brand.id}/workflows/${flow.id}`) },
          );
        }}
      >
        <h2 id={`${id}-title`}>The flow</h2>
        <fieldset disabled={!canStart} className="plain">
          <Field label="Name" value={name} placeholder="Scheduled Flow" onChange={(e) => setName(e.target.value)} />
          <div className="field">
            <label htmlFor={`${id}-segment`}>Segment</label>
            <select id={`${id}-segment`} value={chosen ?? ''} onChange={(e) => setSegmentId(e.target.value)}>
              {segments.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <CronPicker value={choice} onChange={setChoice} timezoneLabel={tz} />
          <Composer label="Message" value={message} onChange={setMessage} mode="marketing" context={context.data} />
          <Field
            label="Where the link goes (optional)"
            type="url"
            value={link}
            placeholder="https://your-store.com/new"
            onChange={(e) => setLink(e.target.value)}
          />
          <label className="check">
            <input type="checkbox" checked={smart} onChange={(e) => setSmart(e.target.checked)} />
            Smart sending: leave out shoppers texted in the last 24 hours
          </label>
        </fieldset>
        <FormError message={create.error ? errorMessage(create.error) : null} />
        <p className="muted">
          Texts go out {cronInWords(buildCron(choice))} ({tz}) to the segment’s shoppers who may be texted, within their
          quiet hours.
        </p>
        <button
          type="submit"
          className="button button-primary"
          disabled={!canStart || create.isPending || !chosen || !message.trim()}
          aria-describedby={!canStart ? `${id}-why` : undefined}
        >
          {create.isPending ? 'Starting…' : 'Start the scheduled flow'}
        </button>
        {!canStart && options.data?.reason ? (
          <small id={`${id}-why`} className="muted">
            {options.data.reason}
          </small>
        ) : null}
      </form>
    </NewFlowFrame>
  );
}
