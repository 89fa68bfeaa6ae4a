/**
 * Goals: the order_conversations link of a recovered order, its workflow goal (workflow_goals, one
 * per order) and the goal state change events (workflow_goal_state_change_events), which
 * run-candidates also writes for every outcome it records.
 */
import type { Handle, Tx } from '../../db/index.ts';

export interface GoalEvent {
  brandId: number;
  workflowId: number | null;
  orderId?: number | null;
  checkoutId?: number | null;
  cartId?: number | null;
  conversationId?: number | null;
  state: string;
  stateDisplay: string;
}

/** Links a recovered order to the conversation that recovered it (once). */
export async function linkOrderConversation(
  tx: Tx,
  { brandId, orderId, conversationId }: { brandId: number; orderId: number; conversationId: number },
): Promise<void> {
  await tx('order_conversations')
    .insert({ brand_id: brandId, order_id: orderId, conversation_id: conversationId })
    .onConflict(['order_id', 'conversation_id'])
    .ignore();
}

/** The order's workflow goal, unless it has one. */
export async function recordOrderGoal(
  tx: Tx,
  goal: {
    brandId: number;
    contactId: number | null;
    workflowId: number | null;
    conversationId: number;
    orderId: number;
  },
): Promise<void> {
  if (await tx('workflow_goals').where({ order_id: goal.orderId }).first('id')) return;
  await tx('workflow_goals').insert({
    brand_id: goal.brandId,
    contact_id: goal.contactId,
    workflow_id: goal.workflowId,
    conversation_id: goal.conversationId,
    order_id: goal.orderId,
  });
}

/** An order's goal event in the given state, unless the order has one in that state. */
export async function recordOrderGoalEvent(tx: Tx, event: GoalEvent & { orderId: number }): Promise<void> {
  if (await tx('workflow_goal_state_change_events').where({ order_id: event.orderId, state: event.state }).first('id'))
    return;
  await tx('workflow_goal_state_change_events').insert({
    brand_id: event.brandId,
    workflow_id: event.workflowId,
    order_id: event.orderId,
    conversation_id: event.conversationId ?? null,
    cart_id: event.cartId ?? null,
    checkout_id: event.checkoutId ?? null,
    state: event.state,
    state_display: event.stateDisplay,
  });
}

/** Goal events in one statement. */
export async function insertGoalEvents(tx: Handle, events: GoalEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.raw(
    `insert into workflow_goal_state_change_events (brand_id, workflow_id, order_id, checkout_id, cart_id, conversation_id, state, state_display)
     select * from unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::text[])`,
    [
      events.map((e) => e.brandId),
      events.map((e) => e.workflowId),
      events.map((e) => e.orderId ?? null),
      events.map((e) => e.checkoutId ?? null),
      events.map((e) => e.cartId ?? null),
      events.map((e) => e.conversationId ?? null),
      events.map((e) => e.state),
      events.map((e) => e.stateDisplay),
    ] as never[],
  );
}
