/**
 * The inbox's own state on a conversation: hide and show, mark read. A conversation starts hidden
 * (spec 3: is_hidden true on creation) and the shopper's first ordinary reply shows it; an agent
 * may hide it again, and a later reply from the shopper shows it again (it needs an answer). A
 * conversation is unread while it has an incoming message newer than its last read.
 */
import { z } from 'zod';
import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { idSchema, instantSchema, parseServiceInput } from './input.ts';
import { markRead, setConversationHidden, userExists, type InboxState } from './store/inbox.ts';

export type { InboxState } from './store/inbox.ts';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const USER_NOT_FOUND = 'User not found';

export const conversationRefSchema = z.object({ brandId: idSchema, id: idSchema });
export type ConversationRef = z.input<typeof conversationRefSchema>;

const found = (state: InboxState | undefined): InboxState => {
  if (!state) throw new AppError('not_found', CONVERSATION_NOT_FOUND);
  return state;
};

/** Hides the brand's conversation from the default inbox view ('Conversation not found' otherwise). */
export async function hideConversation(db: Handle, input: ConversationRef): Promise<InboxState> {
  const { brandId, id } = parseServiceInput(conversationRefSchema, input);
  return found(await setConversationHidden(db, { brandId, id, hidden: true }));
}

/** Shows a hidden conversation again. */
export async function unhideConversation(db: Handle, input: ConversationRef): Promise<InboxState> {
  const { brandId, id } = parseServiceInput(conversationRefSchema, input);
  return found(await setConversationHidden(db, { brandId, id, hidden: false }));
}

export const markConversationReadSchema = conversationRefSchema.extend({
  /** The brand user who read it (absent: an operator from the CLI). */
  userId: idSchema.optional(),
  /** When it was read (default now; ISO 8601). */
  at: instantSchema.optional(),
});
export type MarkConversationReadInput = z.input<typeof markConversationReadSchema>;

/** Marks the conversation read: its incoming messages up to now stop counting as unread. */
export async function markConversationRead(db: Handle, input: MarkConversationReadInput): Promise<InboxState> {
  const { brandId, id, userId, at } = parseServiceInput(markConversationReadSchema, input);
  if (userId !== undefined && !(await userExists(db, userId))) throw new AppError('not_found', USER_NOT_FOUND);
  return found(await markRead(db, { brandId, id, userId: userId ?? null, at: at ?? null }));
}
