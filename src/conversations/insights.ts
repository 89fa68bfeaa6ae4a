/**
 * The shopper messages behind the brand's insights (spec 3 section 7: insights by brand insight
 * or by tag and category): each with its category, tag and sentiment, newest first.
 */
import { z } from 'zod';
import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { idSchema, pageSchema, parseServiceInput, type Page } from './input.ts';
import { brandInsightExists, listMessageInsightRows, type MessageInsightView } from './store/insights.ts';

export type { MessageInsightView } from './store/insights.ts';

export const INSIGHT_CATEGORIES = ['product', 'blocker', 'post_purchase'] as const;
export const INSIGHT_FILTER_REQUIRED = 'A brandInsightId, or a category (with or without a tag), is required';

export const listMessageInsightsSchema = z
  .object({
    brandId: idSchema,
    brandInsightId: idSchema.optional(),
    category: z.enum(INSIGHT_CATEGORIES).optional(),
    /** e.g. shipping, returns, price, sizing. */
    tag: z.string().trim().min(1).max(100).optional(),
    ...pageSchema(100, 500),
  })
  .refine((input) => input.brandInsightId !== undefined || input.category !== undefined, {
    message: INSIGHT_FILTER_REQUIRED,
  });
export type ListMessageInsightsInput = z.input<typeof listMessageInsightsSchema>;

/** The messages of one brand insight, or of a category (and tag). 'Insight not found' for another brand's insight. */
export async function listMessageInsights(
  db: Handle,
  input: ListMessageInsightsInput,
): Promise<Page<MessageInsightView>> {
  const filter = parseServiceInput(listMessageInsightsSchema, input);
  if (
    filter.brandInsightId !== undefined &&
    !(await brandInsightExists(db, { brandId: filter.brandId, id: filter.brandInsightId }))
  )
    throw new AppError('not_found', 'Insight not found');
  return { ...(await listMessageInsightRows(db, filter)), offset: filter.offset, limit: filter.limit };
}
