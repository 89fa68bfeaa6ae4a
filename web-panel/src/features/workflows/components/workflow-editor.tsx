/**
 * The workflow editor: name, message in the composer, delay, discount and rules; save as draft;
 * activate with a confirmation that says what will happen; delete. Every refusal is the API's
 * message. A member sees Activate and Delete disabled with the reason.
 */
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Composer } from '../../../components/composer/composer.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../components/ui/state-panel.tsx';
import type { Brand } from '../../../lib/brand.tsx';
import { useComposerContext } from '../../../lib/composer-context.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useActivateWorkflow } from '../api/activate-workflow.ts';
import { useDeleteWorkflow } from '../api/delete-workflow.ts';
import type { WorkflowEditorOptions } from '../api/get-workflow-editor.ts';
import type { Workflow } from '../api/types.ts';
import { useUpdateWorkflow, type WorkflowChanges } from '../api/update-workflow.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RuleEditor, RuleInputs, toRow, toRule, type RuleRow } from './rule-editor.tsx';
import { durationInWords, STATE_LABELS } from './words.ts';

const SUBJECTS: Record<string, string> = {
  checkout: 'checkouts abandoned',
  cart: 'carts abandoned',
  order: 'orders placed',
};

const DISCOUNT_LABELS: Record<string, string> = {
  percentage: 'A percentage off',
  fixed: 'An amount off',
  shipping: 'Free shipping',
};

/** What activation does, in words: "Texts start within a minute for checkouts abandoned more than 30 minutes ago …". */
export function activationInWords(type: string, delayMinutes: number, locale = 'en-US'): string {
  const subject = SUBJECTS[type];
  const delay = durationInWords(delayMinutes, locale);
  const rest =
    'who pass its rules and can be texted, within quiet hours (8:00 to 21:00 in the shopper’s time). Each shopper gets one text per cart or order.';
  return subject
    ? `Texts start within a minute for shoppers with ${subject} more than ${delay} ago, ${rest}`
    : `It starts running within a minute and texts the shoppers ${rest}`;
}

interface DiscountState {
  type: string; // '' = none
  value: string;
  days: string;
}

const discountOf = (w: Workflow): DiscountState =>
  w.discount
    ? { type: w.discount.type, value: String(w.discount.value), days: String(w.discount.duration_days) }
    : { type: '', value: '', days: '10' };

export function WorkflowEditor({
  brand,
  workflow,
  options,
}: {
  brand: Brand;
  workflow: Workflow;
  options: WorkflowEditorOptions;
}) {
  const id = useId();
  const navigate = useNavigate();
  const context = useComposerContext(brand.id);
  const [name, setName] = useState(workflow.name);
  const [message, setMessage] = useState(workflow.message_text);
  const [delay, setDelay] = useState(String(workflow.delay_minutes));
  const [discount, setDiscount] = useState<DiscountState>(discountOf(workflow));
  const [condition, setCondition] = useState<'AND' | 'OR'>(
    String(workflow.rules?.condition ?? 'AND').toUpperCase() === 'OR' ? 'OR' : 'AND',
  );
  const [rows, setRows] = useState<RuleRow[]>((workflow.rules?.rules ?? []).map(toRow));
  const [main, setMain] = useState<RuleRow | null>(workflow.rules?.main_rule ? toRow(workflow.rules.main_rule) : null);
  const [confirm, setConfirm] = useState<'activate' | 'delete' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const update = useUpdateWorkflow(brand.id, workflow.id);
  const activate = useActivateWorkflow(brand.id, workflow.id);
  const remove = useDeleteWorkflow(brand.id, workflow.id);
  const fields = options.rule_fields;
  const can = options.permissions;
  const delayMinutes = Number(delay);

  const changes = (): WorkflowChanges => ({
    name,
    message,
    delay_minutes: delay.trim() === '' ? delay : Number.isFinite(delayMinutes) ? delayMinutes : delay,
    condition,
    rules: rows.map((r) => toRule(r, fields)),
    ...(main ? { main_rule: toRule(main, fields) } : {}),
    discount: discount.type
      ? {
          type: discount.type,
          ...(discount.type !== 'shipping' && discount.value !== '' ? { value: Number(discount.value) } : {}),
          ...(discount.days !== '' ? { duration_days: Number(discount.days) } : {}),
        }
      : null,
  });

  const save = () =>
    update.mutateAsync(changes()).then((w) => {
      setSaved(`Saved ${formatDateTime(w.updated_at, brand)}.`);
      return w;
    });

  const busy = update.isPending || activate.isPending || remove.isPending;
  const adminNote = can.reason ? `${id}-role` : undefined;

  return (
    <form
      className="workflow-editor"
      aria-label="Edit the workflow"
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(null);
        void save().catch(() => undefined);
      }}
    >
      <div className="editor-grid">
        <section className="card" aria-labelledby={`${id}-msg`}>
          <h2 id={`${id}-msg`}>Message</h2>
          <div className="field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <Composer
            label="Text to the shopper"
            mode="marketing"
            value={message}
            onChange={setMessage}
            context={context.data}
            rows={5}
          />
        </section>
        <section className="card" aria-labelledby={`${id}-when`}>
          <h2 id={`${id}-when`}>Who is texted, and when</h2>
          <div className="field">
            <label htmlFor={`${id}-delay`}>Delay in minutes</label>
            <input
              id={`${id}-delay`}
              type="number"
              min={0}
              step={1}
              value={delay}
              aria-describedby={`${id}-delay-words`}
              onChange={(e) => setDelay(e.target.value)}
            />
            <small id={`${id}-delay-words`} className="muted">
              {Number.isFinite(delayMinutes) && delay !== '' ? durationInWords(delayMinutes, brand.locale) : ''}
            </small>
          </div>
          {main ? (
            <fieldset className="rule-editor">
              <legend>Main rule (must hold first)</legend>
              <RuleInputs row={main} fields={fields} locale={brand} label="Main rule" onChange={setMain} />
            </fieldset>
          ) : null}
          <RuleEditor
            rows={rows}
            condition={condition}
            fields={fields}
            locale={brand}
            onChange={setRows}
            onCondition={setCondition}
          />
          <fieldset className="discount-editor">
            <legend>Discount</legend>
            <div className="field">
              <label htmlFor={`${id}-dtype`}>Offer</label>
              <select
                id={`${id}-dtype`}
                value={discount.type}
                onChange={(e) => setDiscount({ ...discount, type: e.target.value })}
              >
                <option value="">No discount</option>
                {options.discount_types.map((t) => (
                  <option key={t} value={t}>
                    {DISCOUNT_LABELS[t] ?? t}
                  </option>
                ))}
              </select>
            </div>
            {discount.type && discount.type !== 'shipping' ? (
              <div className="field">
                <label htmlFor={`${id}-dvalue`}>
                  {discount.type === 'percentage' ? 'Percent off' : `Amount off (${brand.currency})`}
                </label>
                <input
                  id={`${id}-dvalue`}
                  type="number"
                  min={0}
                  step="any"
                  value={discount.value}
                  onChange={(e) => setDiscount({ ...discount, value: e.target.value })}
                />
              </div>
            ) : null}
            {discount.type ? (
              <div className="field">
                <label htmlFor={`${id}-ddays`}>Days a code stays valid</label>
                <input
                  id={`${id}-ddays`}
                  type="number"
                  min={1}
                  step={1}
                  value={discount.days}
                  onChange={(e) => setDiscount({ ...discount, days: e.target.value })}
                />
              </div>
            ) : null}
            <p className="muted">
              {discount.type
                ? `${discount.type === 'shipping' ? 'Free shipping' : discount.type === 'percentage' ? `${discount.value || '…'}% off` : `${discount.value || '…'} ${brand.currency} off`}, one code per shopper, valid for ${discount.days || '…'} days.`
                : 'The text reminds the shopper of the cart only.'}
            </p>
          </fieldset>
        </section>
      </div>

      <FormError message={update.error ? errorMessage(update.error) : null} />
      {saved && !update.isError ? (
        <p className="form-ok" role="status">
          {saved}
        </p>
      ) : null}
      <div className="editor-actions">
        <span className={`pill pill-${workflow.state}`}>{STATE_LABELS[workflow.state] ?? workflow.state}</span>
        <button type="submit" className="button" disabled={busy}>
          {update.isPending ? 'Saving…' : workflow.state === 'draft' ? 'Save draft' : 'Save changes'}
        </button>
        {workflow.state === 'draft' ? (
          <button
            type="button"
            className="button button-primary"
            disabled={busy || !can.activate}
            aria-describedby={adminNote}
            onClick={() => {
              activate.reset();
              setConfirm('activate');
            }}
          >
            Activate…
          </button>
        ) : null}
        <button
          type="button"
          className="button button-danger"
          disabled={busy || !can.delete}
          aria-describedby={adminNote}
          onClick={() => {
            remove.reset();
            setConfirm('delete');
          }}
        >
          Delete…
        </button>
        {can.reason ? (
          <span id={adminNote} className="muted">
            {can.reason}
          </span>
        ) : null}
      </div>

      <ConfirmDialog
        open={confirm === 'activate'}
        title={`Activate “${name}”?`}
        confirmLabel="Save and activate"
        busy={busy}
        error={update.error ? errorMessage(update.error) : activate.error ? errorMessage(activate.error) : null}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          void save()
            .then(() => activate.mutateAsync())
            .then(() => {
              setConfirm(null);
              setSaved('Activated: it is running.');
            })
            .catch(() => undefined)
        }
      >
        <p>
          {activationInWords(
            workflow.type,
            Number.isFinite(delayMinutes) ? delayMinutes : workflow.delay_minutes,
            brand.locale,
          )}
        </p>
        <p>You can pause it at any time.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'delete'}
        title={`Delete “${workflow.name}”?`}
        confirmLabel="Delete"
        busy={busy}
        error={remove.error ? errorMessage(remove.error) : null}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => navigate(`/b/${brand.id}/workflows`, { replace: true }),
          })
        }
      >
        <p>
          It stops texting at once and cannot be restored. Its past conversations and recovered orders stay in the inbox
          and the figures, without the workflow’s name.
        </p>
      </ConfirmDialog>
    </form>
  );
}
