/**
 * Escalations (spec 3 section 7: by id or by brand, with a limit): a shopper's question the
 * automatic answers could not handle, with its processed question and response once someone has
 * answered it, and whether it went into the knowledge base.
 */
import { z } from 'zod';
import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { CONVERSATION_NOT_FOUND } from './inbox.ts';
import { flagSchema, idSchema, pageSchema, parseServiceInput, type Page } from './input.ts';
import { conversationOfBrand } from './store/inbox.ts';
import {
  findEscalation,
  insertEscalation,
  insertEscalations,
  listEscalationRows,
  updateEscalationRow,
  type EscalationView,
} from './store/escalations.ts';

export type { EscalationView } from './store/escalations.ts';

export const DEFAULT_ESCALATION_LIMIT = 100;
export const ESCALATION_NOT_FOUND = 'Escalation not found';

export const listEscalationsSchema = z.object({
  brandId: idSchema,
  /** Only those added to the knowledge base, or only the others. */
  isAddedKb: flagSchema.optional(),
  conversationId: idSchema.optional(),
  ...pageSchema(DEFAULT_ESCALATION_LIMIT, 500),
});
export type ListEscalationsInput = z.input<typeof listEscalationsSchema>;

/** The brand's escalations, newest first, at most `limit` (default 100). */
export async function listEscalations(db: Handle, input: ListEscalationsInput): Promise<Page<EscalationView>> {
  const filter = parseServiceInput(listEscalationsSchema, input);
  return { ...(await listEscalationRows(db, filter)), offset: filter.offset, limit: filter.limit };
}

export const escalationRefSchema = z.object({ brandId: idSchema, id: idSchema });
export type EscalationRef = z.input<typeof escalationRefSchema>;

/** One escalation of the brand ('Escalation not found' otherwise). */
export async function getEscalation(db: Handle, input: EscalationRef): Promise<EscalationView> {
  const escalation = await findEscalation(db, parseServiceInput(escalationRefSchema, input));
  if (!escalation) throw new AppError('not_found', ESCALATION_NOT_FOUND);
  return escalation;
}

export const createEscalationSchema = z.object({
  brandId: idSchema,
  conversationId: idSchema.optional(),
  question: z.string().trim().min(1).max(5000),
});
export type CreateEscalationInput = z.input<typeof createEscalationSchema>;

/** Records a question for a person (of one of the brand's conversations, when given). */
export async function createEscalation(db: Handle, input: CreateEscalationInput): Promise<EscalationView> {
  const { brandId, conversationId, question } = parseServiceInput(createEscalationSchema, input);
  if (conversationId !== undefined && !(await conversationOfBrand(db, { brandId, id: conversationId })))
    throw new AppError('not_found', CONVERSATION_NOT_FOUND);
  return insertEscalation(db, { brandId, conversationId: conversationId ?? null, question });
}

/**
 * Escalations of conversations the caller knows are the brand's (the shopper agent's: each the
 * conversation of a text it read), one statement for them all; in the order given.
 */
export async function createAgentEscalations(
  db: Handle,
  rows: { brandId: number; conversationId: number; question: string }[],
): Promise<EscalationView[]> {
  return insertEscalations(db, rows);
}

export const updateEscalationSchema = escalationRefSchema.extend({
  processedQuestion: z.string().trim().max(5000).nullable().optional(),
  processedResponse: z.string().trim().max(5000).nullable().optional(),
  isAddedKb: flagSchema.optional(),
});
export type UpdateEscalationInput = z.input<typeof updateEscalationSchema>;

/** Records the answer to an escalation and whether it went into the knowledge base. */
export async function updateEscalation(db: Handle, input: UpdateEscalationInput): Promise<EscalationView> {
  const { brandId, id, processedQuestion, processedResponse, isAddedKb } = parseServiceInput(
    updateEscalationSchema,
    input,
  );
  const patch: Record<string, unknown> = {};
  if (processedQuestion !== undefined) patch.processed_question = processedQuestion;
  if (processedResponse !== undefined) patch.processed_response = processedResponse;
  if (isAddedKb !== undefined) patch.is_added_kb = isAddedKb;
  const saved = await updateEscalationRow(db, { brandId, id, patch });
  if (!saved) throw new AppError('not_found', ESCALATION_NOT_FOUND);
  return saved;
}
