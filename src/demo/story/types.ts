/**
 * The demo story of one brand as plain rows: what the seed writes. Rows refer to each other by
 * their index in the story's arrays (contact 3, checkout 12, ...); the seed turns indices into ids.
 */

export type Group = 'A' | 'B' | 'C' | 'D';
export type PhoneKind = 'us' | 'texas' | 'strict_state' | 'territory' | 'foreign' | 'none';
/** shopper: abandons checkouts or carts; buyer: orders without a cart; fresh: only the newest checkouts. */
export type ContactRole = 'shopper' | 'buyer' | 'fresh';

export interface StoryContact {
  externalId: string;
  givenName: string;
  familyName: string;
  email: string;
  /** E.164, or null for a shopper who left only an e-mail address. */
  phone: string | null;
  phoneKind: PhoneKind;
  /** Two-letter US state of the shipping address (null abroad). */
  province: string | null;
  /** The channel's time zone when the store gave one. */
  timeZone: string | null;
  group: Group;
  role: ContactRole;
  /** Opted out before the story starts (buyer_accepts_sms_marketing false). */
  optedOutBefore: boolean;
  createdAt: Date;
  /** Set by the story: the shopper texted STOP at this time. */
  optedOutAt: Date | null;
  /** Set by the story: the last ordinary reply (the channel is engaged). */
  lastEngagedAt: Date | null;
}

export interface LineItem {
  product_id: string;
  variant_id: string;
  sku: string;
  title: string;
  variant_title: string | null;
  quantity: number;
  price: string;
  line_price: string;
}

export type CartState = 'pending' | 'abandoned' | 'no_identity' | 'complete' | 'empty';
export type CheckoutState = 'pending' | 'abandoned' | 'no_identity' | 'complete';

export interface StoryCart {
  externalId: string;
  contact: number | null;
  state: CartState;
  total: string;
  lineItems: LineItem[];
  /** The checkout's recovery URL, or the cart permalink. */
  url: string;
  checkoutToken: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoryCheckout {
  token: string;
  cart: number;
  contact: number | null;
  state: CheckoutState;
  total: string;
  lineItems: LineItem[];
  url: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoryOrder {
  externalId: string;
  number: string;
  contact: number;
  cart: number | null;
  checkout: number | null;
  /** The order's state now. */
  state: 'complete' | 'pending' | 'cancelled';
  total: string;
  discountCode: { code: string; amount: string; type: string } | null;
  lineItems: LineItem[];
  createdAt: Date;
  /** A complete order cancelled later (a refund), after attribution decided it. */
  cancelledAt: Date | null;
}

export type Outcome =
  | 'started'
  | 'triggered'
  | 'filtered_out'
  | 'channel_missing'
  | 'channel_blocked'
  | 'recently_engaged'
  | 'holdout'
  | 'duplicate';

export interface StoryFlowEvent {
  workflow: string;
  kind: 'cart' | 'checkout' | 'order';
  /** Index into carts, checkouts or orders (by kind). */
  event: number;
  contact: number | null;
  outcome: Outcome;
  reason: string;
  detail: string;
  conversation: number | null;
  at: Date;
}

export interface StoryMessage {
  direction: 'incoming' | 'outgoing';
  status: 'auto_queued' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'agent_skipped' | 'received';
  body: string;
  createdAt: Date;
  scheduledFor: Date | null;
  sentAt: Date | null;
  statusReason: string | null;
  provider: string | null;
  providerMessageId: string | null;
  isMarketing: boolean;
  extra: Record<string, unknown>;
  /** An agent of the brand wrote it (the seed records the demo brand user as its author). */
  byAgent?: boolean;
  /** What a shopper's question was about. */
  topic?: Topic;
}

export type Topic = 'shipping' | 'sizes' | 'returns' | 'price' | 'payment' | 'materials';

export interface StoryConversation {
  workflow: string;
  contact: number;
  cart: number | null;
  checkout: number | null;
  order: number | null;
  createdAt: Date;
  hidden: boolean;
  messages: StoryMessage[];
  link: { code: string; target: string; clicks: { at: Date; userAgent: string; ipHash: string }[] } | null;
  discount: { code: string; ruleWorkflow: string; issuedAt: Date; endsAt: Date; created: boolean } | null;
}

export interface BrandStory {
  contacts: StoryContact[];
  carts: StoryCart[];
  checkouts: StoryCheckout[];
  orders: StoryOrder[];
  flowEvents: StoryFlowEvent[];
  conversations: StoryConversation[];
}
