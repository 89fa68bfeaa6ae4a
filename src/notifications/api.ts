/**
 * The brand API's notification routes. Notifications belong to users, not brands: every route
 * reads and marks those the SESSION's user may see (addressed to the user, to a tenant where the
 * user is an active member, to everyone, or, for staff, to staff; rules.ts). One the user may not
 * see answers 404 'Notification not found' exactly like a missing one. Sending one is staff only.
 */
import { z } from 'zod';
import { defineRoute, idSchema, page, pageQuery, timestamp, type ApiRoute } from '../http/index.ts';
import {
  DEFAULT_NOTIFICATION_LIMIT,
  MAX_NOTIFICATION_LIMIT,
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_FILTERS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPES,
} from './rules.ts';
import {
  createNotification,
  getNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadNotificationCount,
} from './service.ts';

const notificationShape = {
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string().nullable(),
  body: z.string().nullable(),
  audience: z.enum(NOTIFICATION_AUDIENCES).describe('user, tenant (its active members), global (everyone) or staff'),
  user_id: z.number().int().nullable(),
  tenant_id: z.number().int().nullable(),
  brand_id: z.number().int().nullable().describe('the brand it is about'),
  data: z.record(z.string(), z.unknown()).describe('what raised it and where it points (kind, link, ids)'),
  created_at: timestamp(),
  updated_at: timestamp(),
};

export const notificationSchema = z.object(notificationShape);
export const userNotificationSchema = z.object({
  ...notificationShape,
  is_read: z.boolean().describe('read by the signed-in user'),
  read_at: timestamp().nullable(),
});

const notificationParams = z.object({ notificationId: idSchema() });

export const notificationsApi: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/notifications',
    tag: 'notifications',
    summary: "The signed-in user's notifications, newest first, with the user's read state",
    query: z.object({
      ...pageQuery(DEFAULT_NOTIFICATION_LIMIT, MAX_NOTIFICATION_LIMIT),
      filter: z.enum(NOTIFICATION_FILTERS).default('all').describe('all, unread, or one type'),
    }),
    response: page(userNotificationSchema),
    handler: async ({ ctx, caller, query }) => ({
      ...(await listNotifications(ctx.db, { userId: caller.userId, ...query })),
      offset: query.offset,
      limit: query.limit,
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/notifications/unread-count',
    tag: 'notifications',
    summary: 'How many notifications the signed-in user has not read',
    response: z.object({ unread: z.number().int().min(0) }),
    handler: async ({ ctx, caller }) => unreadNotificationCount(ctx.db, { userId: caller.userId }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/notifications/read-all',
    tag: 'notifications',
    summary: 'Mark every notification the signed-in user may see as read',
    response: z.object({ marked: z.number().int().min(0).describe('how many were unread') }),
    handler: async ({ ctx, caller }) => markAllNotificationsRead(ctx.db, { userId: caller.userId }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/notifications/:notificationId',
    tag: 'notifications',
    summary: 'One notification the signed-in user may see',
    params: notificationParams,
    notFound: NOTIFICATION_MESSAGES.notFound,
    response: z.object({ notification: userNotificationSchema }),
    handler: async ({ ctx, caller, params }) => ({
      notification: await getNotification(ctx.db, { id: params.notificationId, userId: caller.userId }),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/notifications/:notificationId/read',
    tag: 'notifications',
    summary: 'Mark a notification read for the signed-in user (reading twice keeps the first time)',
    params: notificationParams,
    notFound: NOTIFICATION_MESSAGES.notFound,
    response: z.object({ notification: userNotificationSchema }),
    handler: async ({ ctx, caller, params }) => ({
      notification: await markNotificationRead(ctx.db, { id: params.notificationId, userId: caller.userId }),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/notifications',
    tag: 'notifications',
    staff: true,
    summary: 'Send a notification (staff only)',
    description:
      "To one user (user_id), a tenant's active members (tenant_id), a brand's tenant (brand_id alone), staff " +
      "(audience 'staff'), or, with none of them, everyone.",
    body: z.object({
      type: z.enum(NOTIFICATION_TYPES),
      title: z.string().max(200),
      body: z.string().max(4000).optional(),
      user_id: idSchema().optional(),
      tenant_id: idSchema().optional(),
      brand_id: idSchema().optional(),
      audience: z.enum(['all', 'staff']).default('all'),
      data: z.record(z.string(), z.unknown()).optional(),
    }),
    status: 201,
    response: z.object({ notification: notificationSchema }),
    handler: async ({ ctx, body }) => ({
      notification: await createNotification(ctx.db, {
        type: body.type,
        title: body.title,
        body: body.body,
        userId: body.user_id,
        tenantId: body.tenant_id,
        brandId: body.brand_id,
        audience: body.audience,
        data: body.data,
      }),
    }),
  }),
];
