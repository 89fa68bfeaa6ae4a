/**
 * Feedback on messages (spec 3 section 7): a brand rates a text of a conversation (1 to 5) and may
 * comment. One feedback per message: saving again updates it. The list is paged (10 by default),
 * newest first, for one brand (or all, for staff) and searchable in the comment and the text.
 */
import { z } from 'zod';
import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { idSchema, pageSchema, parseServiceInput, type Page } from './input.ts';
import {
  feedbackMessageId,
  listFeedbackRows,
  messageOfBrand,
  upsertFeedbackRow,
  type FeedbackView,
} from './store/feedback.ts';

export type { FeedbackView } from './store/feedback.ts';

export const DEFAULT_FEEDBACK_LIMIT = 10;
export const MESSAGE_ID_UNDEFINED = 'Message ID is undefined';

export const listFeedbackSchema = z.object({
  /** The brand (staff may leave it out: every brand). */
  brandId: idSchema.optional(),
  /** Text in the comment or in the rated message. */
  q: z.string().trim().max(200).optional(),
  ...pageSchema(DEFAULT_FEEDBACK_LIMIT, 100),
});
export type ListFeedbackInput = z.input<typeof listFeedbackSchema>;

/** Feedback, newest first, 10 a page unless told. */
export async function listFeedback(db: Handle, input: ListFeedbackInput): Promise<Page<FeedbackView>> {
  const { brandId, q, offset, limit } = parseServiceInput(listFeedbackSchema, input);
  const page = await listFeedbackRows(db, { brandId, q: q || undefined, offset, limit });
  return { ...page, offset, limit };
}

export const upsertFeedbackSchema = z
  .object({
    brandId: idSchema,
    /** The rated message (the key). */
    messageId: idSchema.optional(),
    /** An existing feedback, when the message is not given. */
    id: idSchema.optional(),
    /** 1 (poor) to 5 (great); null clears it. */
    rating: z.coerce.number().int().min(1).max(5).nullable().optional(),
    comment: z.string().trim().max(2000).nullable().optional(),
  })
  .refine((input) => input.messageId !== undefined || input.id !== undefined, { message: MESSAGE_ID_UNDEFINED });
export type UpsertFeedbackInput = z.input<typeof upsertFeedbackSchema>;

/**
 * Saves the feedback of a message, keyed on the message: messageId, or the id of an existing
 * feedback ('Message ID is undefined' with neither; 'Message not found' / 'Feedback not found'
 * for one the brand does not have).
 */
export async function upsertFeedback(db: Handle, input: UpsertFeedbackInput): Promise<FeedbackView> {
  const { brandId, messageId: given, id, rating, comment } = parseServiceInput(upsertFeedbackSchema, input);
  let messageId = given;
  if (messageId === undefined) {
    messageId = await feedbackMessageId(db, { brandId, id: id! });
    if (messageId === undefined) throw new AppError('not_found', 'Feedback not found');
  }
  const message = await messageOfBrand(db, { brandId, messageId });
  if (!message) throw new AppError('not_found', 'Message not found');
  return upsertFeedbackRow(db, {
    brandId,
    conversationId: message.conversation_id,
    messageId,
    rating,
    comment: comment === '' ? null : comment,
  });
}
