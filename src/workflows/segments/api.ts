/**
 * The brand API's segment routes: what the builder offers (the fields the compiler knows, their
 * operators and value inputs, the US states, the reasons a contact is left out), the list with
 * counts and uses, one segment, the live count of a tree not saved yet (the preview service),
 * create, rename or change, and delete (admins; refused while a campaign or flow that is not
 * finished uses it, with the reason). Validation messages are the service's: 'Failed to create
 * filter' followed by the reason.
 */
import { z } from 'zod';
import { AppError, isAppError } from '../../app/index.ts';
import { defineRoute, idSchema, timestamp, type ApiRoute } from '../../http/index.ts';
import { rolePermissions, rolePermissionsSchema, requireBrandAdmin } from '../api-roles.ts';
import {
  conditionSchema,
  EXCLUSION_LABELS,
  EXCLUSION_REASONS,
  FILTER_NOT_FOUND,
  MAX_FILTER_CONDITIONS,
  MAX_FILTER_DEPTH,
  MAX_GROUP_RULES,
  RECENTLY_TEXTED_HOURS,
  US_STATES,
} from './rules.ts';
import {
  createSegment,
  deleteSegment,
  getSegment,
  listSegments,
  previewSegment,
  segmentUses,
  updateSegment,
  type SegmentPreview,
  type SegmentUse,
  type SegmentView,
} from './service.ts';

const NOT_FOUND = { message: FILTER_NOT_FOUND, code: 'filter_not_found' };
export const SEGMENT_DELETE_ADMIN_ONLY = 'Only a brand admin can delete a segment.';

/** The kind of input each field's value takes in the builder, and its words. */
const FIELD_INPUTS: Record<string, { label: string; input: string; choices?: readonly string[] }> = {
  channel_status: { label: 'Texting status', input: 'choices', choices: ['subscribed', 'unsubscribed', 'blocked'] },
  consent_source: { label: 'Consent source', input: 'texts' },
  last_engaged: { label: 'Last engaged', input: 'days' },
  order_count: { label: 'Number of orders', input: 'number' },
  total_spent: { label: 'Total spent', input: 'money' },
  last_order: { label: 'Last order', input: 'days' },
  products_bought: { label: 'Products bought (product ids)', input: 'texts' },
  collections_bought: { label: 'Collections bought (collection ids)', input: 'texts' },
  tags: { label: 'Tags', input: 'tags' },
  contact_group: { label: 'Contact group', input: 'choices', choices: ['A', 'B', 'C', 'D'] },
  state: { label: 'US state (by area code)', input: 'states' },
  cart: { label: 'Cart', input: 'cart', choices: ['pending', 'abandoned', 'complete'] },
  conversation: { label: 'Conversation', input: 'days' },
  tap_to_text_keyword: { label: 'Tap-to-text keyword', input: 'keywords' },
};

const builderFields = () =>
  conditionSchema.options.map((o) => {
    const field = o.shape.field.value;
    return {
      field,
      label: FIELD_INPUTS[field]?.label ?? field,
      operators: [...(o.shape.op as z.ZodEnum).options] as string[],
      input: FIELD_INPUTS[field]?.input ?? 'texts',
      choices: [...(FIELD_INPUTS[field]?.choices ?? [])],
    };
  });

const previewSchema = z.object({
  segment_id: z.number().int().nullable(),
  matching: z.number().int().describe('contacts the tree matches now'),
  reachable: z.number().int().describe('of them, those a campaign sent now would text'),
  excluded: z.record(z.string(), z.number().int()).describe('the others, by reason'),
  sample: z.array(
    z.object({ contact_id: z.number().int(), phone: z.string().describe('masked'), given_name: z.string().nullable() }),
  ),
});

const previewOut = (p: SegmentPreview): z.infer<typeof previewSchema> => ({
  segment_id: p.segmentId,
  matching: p.matching,
  reachable: p.reachable,
  excluded: p.excluded,
  sample: p.sample.map((s) => ({ contact_id: s.contactId, phone: s.phone, given_name: s.givenName })),
});

const useSchema = z.object({
  workflow_id: z.number().int(),
  name: z.string(),
  type: z.string(),
  what: z.string(),
  blocking: z.boolean().describe('keeps the segment from being deleted'),
});
const useOut = (u: SegmentUse) => ({
  workflow_id: u.workflowId,
  name: u.name,
  type: u.type,
  what: u.what,
  blocking: u.blocking,
});

const segmentSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  name: z.string(),
  filter: z.unknown().describe('the condition tree (AND / OR groups of conditions)'),
  created_at: timestamp(),
  used_by: z.array(useSchema),
});
const segmentOut = (s: SegmentView, uses: SegmentUse[]) => ({
  id: s.id,
  brand_id: s.brandId,
  name: s.name,
  filter: s.filter,
  created_at: s.createdAt,
  used_by: uses.map(useOut),
});

/** 'Failed to create filter' with its reason in the message (the API carries no details). */
async function withReason<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const reason = isAppError(error) ? error.details?.reason : undefined;
    if (isAppError(error) && typeof reason === 'string' && error.kind !== 'internal')
      throw new AppError(error.kind, `${error.message}: ${reason}`, { code: error.code, cause: error });
    throw error;
  }
}

const segmentParams = z.object({ segmentId: idSchema() });
const treeBody = z.unknown().describe('{"condition":"AND"|"OR","rules":[conditions or groups]}');

export function segmentsApi(): ApiRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/brands/:brandId/segment-builder',
      tag: 'segments',
      summary: 'What the segment builder offers: fields, operators, value inputs, states, reasons, limits',
      response: z.object({
        fields: z.array(
          z.object({
            field: z.string(),
            label: z.string(),
            operators: z.array(z.string()),
            input: z.string(),
            choices: z.array(z.string()),
          }),
        ),
        states: z.array(z.string()),
        exclusions: z.array(z.object({ reason: z.string(), label: z.string() })),
        recently_texted_hours: z.number().int(),
        limits: z.object({ depth: z.number().int(), group_rules: z.number().int(), conditions: z.number().int() }),
        permissions: rolePermissionsSchema,
      }),
      handler: async ({ ctx, caller, brand }) => ({
        fields: builderFields(),
        states: [...US_STATES],
        exclusions: EXCLUSION_REASONS.map((reason) => ({ reason, label: EXCLUSION_LABELS[reason] })),
        recently_texted_hours: RECENTLY_TEXTED_HOURS,
        limits: { depth: MAX_FILTER_DEPTH, group_rules: MAX_GROUP_RULES, conditions: MAX_FILTER_CONDITIONS },
        permissions: await rolePermissions(ctx, caller, brand, {
          actions: ['delete'],
          reason: SEGMENT_DELETE_ADMIN_ONLY,
        }),
      }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/brands/:brandId/segments',
      tag: 'segments',
      summary: "The brand's segments, each with its count now and the campaigns and flows that use it",
      description: 'Oldest first. `count` is the preview of each (who matches, who can be texted, who is left out).',
      response: z.object({ items: z.array(segmentSchema.extend({ count: previewSchema })), total: z.number().int() }),
      handler: async ({ ctx, brand }) => {
        const list = await listSegments(ctx, { brandId: brand.id });
        const uses = await segmentUses(ctx, { brandId: brand.id, ids: list.map((s) => s.id) });
        const items = [];
        for (const s of list)
          items.push({
            ...segmentOut(s, uses.get(s.id) ?? []),
            count: previewOut(await previewSegment(ctx, { brandId: brand.id, id: s.id })),
          });
        return { items, total: items.length };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/brands/:brandId/segments/preview',
      tag: 'segments',
      summary:
        'The live count of a tree (not saved) or a saved segment: who matches, who can be texted, who is left out and why',
      description:
        'Give `filter`, or `segment_id`. `smart_sending: false` counts contacts texted in the last 24 h as reachable.',
      body: z.object({
        filter: treeBody.optional(),
        segment_id: idSchema().optional(),
        smart_sending: z.boolean().optional(),
      }),
      response: previewSchema,
      handler: async ({ ctx, brand, body }) =>
        previewOut(
          await withReason(() =>
            previewSegment(ctx, {
              brandId: brand.id,
              id: body.segment_id,
              filter: body.filter,
              smartSending: body.smart_sending,
            }),
          ),
        ),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/brands/:brandId/segments',
      tag: 'segments',
      summary: 'Save a segment: a name and a condition tree (validated and compiled)',
      body: z.object({ name: z.string().max(1000), filter: treeBody }),
      status: 201,
      response: z.object({ segment: segmentSchema }),
      handler: async ({ ctx, brand, body }) => ({
        segment: segmentOut(
          await withReason(() => createSegment(ctx, { brandId: brand.id, name: body.name, filter: body.filter })),
          [],
        ),
      }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/brands/:brandId/segments/:segmentId',
      tag: 'segments',
      summary: 'One segment with its tree and the campaigns and flows that use it',
      params: segmentParams,
      notFound: NOT_FOUND,
      response: z.object({ segment: segmentSchema }),
      handler: async ({ ctx, brand, params }) => {
        const segment = await getSegment(ctx, { brandId: brand.id, id: params.segmentId });
        const uses = await segmentUses(ctx, { brandId: brand.id, ids: [segment.id] });
        return { segment: segmentOut(segment, uses.get(segment.id) ?? []) };
      },
    }),
    defineRoute({
      method: 'PATCH',
      path: '/api/brands/:brandId/segments/:segmentId',
      tag: 'segments',
      summary: 'Rename a segment or change its tree (only what is given)',
      description: 'A campaign that uses it targets whoever the new tree matches when it starts sending.',
      params: segmentParams,
      notFound: NOT_FOUND,
      body: z.object({ name: z.string().max(1000).optional(), filter: treeBody.optional() }),
      response: z.object({ segment: segmentSchema }),
      handler: async ({ ctx, brand, params, body }) => {
        const segment = await withReason(() =>
          updateSegment(ctx, { brandId: brand.id, id: params.segmentId, name: body.name, filter: body.filter }),
        );
        const uses = await segmentUses(ctx, { brandId: brand.id, ids: [segment.id] });
        return { segment: segmentOut(segment, uses.get(segment.id) ?? []) };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/brands/:brandId/segments/:segmentId',
      tag: 'segments',
      summary: 'Delete a segment (admins); refused while a campaign or flow that is not finished uses it',
      params: segmentParams,
      notFound: NOT_FOUND,
      response: z.object({ deleted: z.object({ id: z.number().int(), name: z.string() }) }),
      handler: async ({ ctx, caller, brand, params }) => {
        await getSegment(ctx, { brandId: brand.id, id: params.segmentId });
        await requireBrandAdmin(ctx, caller, brand, SEGMENT_DELETE_ADMIN_ONLY);
        return { deleted: await deleteSegment(ctx, { brandId: brand.id, id: params.segmentId }) };
      },
    }),
  ];
}
