/**
 * What people attach to a conversation (spec 3 section 7: quality insert, file creation): a
 * quality review by a brand user (a rating from 1 to 5 and a note, kept in extra_data) and files
 * (a stored file, by URL, linked to the conversation and optionally to one of its messages).
 */
import { z } from 'zod';
import { AppError } from '../app/index.ts';
import { withTransaction, type Db } from '../db/index.ts';
import { CONVERSATION_NOT_FOUND, USER_NOT_FOUND } from './inbox.ts';
import { idSchema, parseServiceInput } from './input.ts';
import { conversationOfBrand, userExists } from './store/inbox.ts';
import {
  insertConversationFile,
  insertQuality,
  messageInConversation,
  type ConversationFileView,
  type QualityView,
} from './store/annotations.ts';

export type { ConversationFileView, QualityView } from './store/annotations.ts';

export const addConversationQualitySchema = z.object({
  brandId: idSchema,
  conversationId: idSchema,
  /** The brand user who reviewed it. */
  userId: idSchema.optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  note: z.string().trim().max(2000).optional(),
});
export type AddConversationQualityInput = z.input<typeof addConversationQualitySchema>;

async function assertConversation(db: Db, brandId: number, conversationId: number): Promise<void> {
  if (!(await conversationOfBrand(db, { brandId, id: conversationId })))
    throw new AppError('not_found', CONVERSATION_NOT_FOUND);
}

/** Records a quality review of the brand's conversation. */
export async function addConversationQuality(db: Db, input: AddConversationQualityInput): Promise<QualityView> {
  const { brandId, conversationId, userId, rating, note } = parseServiceInput(addConversationQualitySchema, input);
  await assertConversation(db, brandId, conversationId);
  if (userId !== undefined && !(await userExists(db, userId))) throw new AppError('not_found', USER_NOT_FOUND);
  return insertQuality(db, { conversationId, userId: userId ?? null, rating: rating ?? null, note: note || null });
}

export const createConversationFileSchema = z.object({
  brandId: idSchema,
  conversationId: idSchema,
  /** One of the conversation's messages the file belongs to. */
  messageId: idSchema.optional(),
  /** Where the file is (http or https). */
  url: z.url({ protocol: /^https?$/, error: 'url must be an http(s) URL' }).max(2000),
  name: z.string().trim().max(255).optional(),
  /** Its media type, e.g. image/jpeg. */
  type: z.string().trim().max(255).optional(),
  /** Bytes. */
  size: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type CreateConversationFileInput = z.input<typeof createConversationFileSchema>;

/** Stores a file and links it to the brand's conversation (and message), in one transaction. */
export async function createConversationFile(
  db: Db,
  input: CreateConversationFileInput,
): Promise<ConversationFileView> {
  const { brandId, conversationId, messageId, url, name, type, size } = parseServiceInput(
    createConversationFileSchema,
    input,
  );
  await assertConversation(db, brandId, conversationId);
  if (messageId !== undefined && !(await messageInConversation(db, { conversationId, messageId })))
    throw new AppError('not_found', 'Message not found');
  return withTransaction(db, (tx) =>
    insertConversationFile(tx, {
      brandId,
      conversationId,
      messageId: messageId ?? null,
      url,
      name: name || null,
      type: type || null,
      size: size ?? null,
    }),
  );
}
