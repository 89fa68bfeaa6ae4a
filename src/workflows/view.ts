/** A workflow as `workflows show` and the API present it: its row, state and resolved discount. */
import type { Handle } from '../db/index.ts';
import { formatDiscountValue, getDiscountRule, resolveDiscountRule } from '../discounts/index.ts';
import { messageText, type MessageBlock } from './render.ts';
import { workflowState, type WorkflowRules, type WorkflowState, type WorkflowType } from './rules.ts';
import type { WorkflowRow } from './store.ts';
import type { WorkflowAction } from './validation.ts';

export interface WorkflowView {
  id: number;
  brand_id: number;
  brand_integration_id: number | null;
  platform: string | null;
  name: string;
  type: WorkflowType;
  template: string | null;
  status: string;
  is_paused: boolean;
  /** draft, paused or active (active means it runs when inside its window). */
  state: WorkflowState;
  delay_minutes: number;
  /** The choice order between the store's cart and checkout workflows: highest first, then the shortest delay, then the id. */
  priority: number;
  timezone: string;
  starts_at: Date | null;
  ends_at: Date | null;
  message: MessageBlock[];
  message_text: string;
  rules: WorkflowRules;
  action: WorkflowAction;
  discount: {
    rule_id: number;
    type: string;
    value: number;
    duration_days: number;
    display: string;
    code_type: string;
    code_prefix: string | null;
    valid: boolean;
    reason: string | null;
  } | null;
  external_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export async function toView(db: Handle, row: WorkflowRow): Promise<WorkflowView> {
  const ruleRow = row.discount_rule_id ? await getDiscountRule(db, row.discount_rule_id) : undefined;
  const resolved = ruleRow ? resolveDiscountRule(ruleRow) : undefined;
  return {
    id: row.id,
    brand_id: row.brand_id,
    brand_integration_id: row.brand_integration_id,
    platform: row.platform,
    name: row.name,
    type: row.type,
    template: row.template,
    status: row.status,
    is_paused: row.is_paused,
    state: workflowState(row),
    delay_minutes: row.delay_minutes,
    priority: row.priority,
    timezone: row.timezone,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    message: row.message,
    message_text: messageText(row.message),
    rules: row.rules,
    action: row.action,
    discount:
      ruleRow && resolved
        ? {
            rule_id: ruleRow.id,
            type: resolved.rule.type,
            value: resolved.rule.value,
            duration_days: resolved.rule.durationDays,
            display: formatDiscountValue(resolved.rule),
            code_type: resolved.rule.codeType,
            code_prefix: resolved.rule.codePrefix,
            valid: resolved.valid,
            reason: resolved.reason ?? null,
          }
        : null,
    external_id: row.external_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
