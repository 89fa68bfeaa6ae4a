/**
 * What the brand API's conversation routes answer, as the inbox reads it: the generated types of
 * /api/openapi.json (lib/api-types.ts), named here for the inbox's components.
 */
import type { ApiAnswer, ApiItem } from '../../../lib/api.ts';

export interface Page<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}

export type ConversationSummary = ApiItem<'/api/brands/{brandId}/conversations'>;
export type ConversationDetail = ApiAnswer<'/api/brands/{brandId}/conversations/{conversationId}'>['conversation'];
export type Message = ConversationDetail['messages'][number];
export type Feedback = ConversationDetail['feedback'][number];
export type Order = ApiItem<'/api/brands/{brandId}/contacts/{contactId}/orders'>;
export type CheckoutDetails = ApiAnswer<'/api/brands/{brandId}/carts/{cartId}'>;
export type LineItem = NonNullable<CheckoutDetails['cart']>['line_items'][number];
export type OrderAttribution = ApiAnswer<'/api/brands/{brandId}/orders/{orderId}/attribution'>;
export type EvidenceItem = NonNullable<OrderAttribution['decision']>['items'][number];
export type Explanation = ApiAnswer<'/api/brands/{brandId}/carts/{cartId}/explain'>;
