/** What the brand API's conversation routes answer (src/conversations/api*.ts), as the inbox reads it. */

export interface Page<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}

export interface ConversationSummary {
  id: number;
  brand_id: number;
  workflow: { id: number; name: string } | null;
  contact: { id: number; given_name: string | null; family_name: string | null } | null;
  channel: { id: number; username: string; status: string; engagement_status: string } | null;
  is_hidden: boolean;
  message_count: number;
  has_response: boolean;
  is_unread: boolean;
  last_read_at: string | null;
  checkout_state: string | null;
  is_recovered: boolean;
  is_historical: boolean;
  last_message: { direction: string; status: string; body: string; at: string } | null;
  created_at: string;
  updated_at: string;
}

export interface Message {
  id: number;
  direction: string;
  status: string;
  body: string;
  is_marketing: boolean;
  user_id: number | null;
  created_at: string;
  scheduled_for: string | null;
  sent_at: string | null;
  status_reason: string | null;
  skip_reason: string | null;
  segments: number | null;
  encoding: string | null;
  provider: string | null;
}

export interface Feedback {
  id: number;
  conversation_id: number;
  message_id: number;
  rating: number | null;
  comment: string | null;
  created_at: string;
  updated_at: string;
}

export interface ConversationDetail extends ConversationSummary {
  cart_id: number | null;
  checkout_id: number | null;
  order_id: number | null;
  channel_last_engaged_at: string | null;
  messages: Message[];
  feedback: Feedback[];
  discount_codes: Array<{
    code: string;
    status: string;
    starts_at: string | null;
    ends_at: string | null;
    usage_limit: number;
  }>;
  short_links: Array<{
    code: string;
    url: string;
    target_url: string;
    created_at: string;
    click_count: number;
    clicks: Array<{ clicked_at: string; user_agent: string | null }>;
  }>;
  previous_id: number | null;
  next_id: number | null;
  consent: { status: string; source: string | null; consented_at: string | null } | null;
  reply: { allowed: boolean; code: string | null; reason: string | null };
}

export interface LineItem {
  title: string;
  variant: string | null;
  sku: string | null;
  quantity: number;
  price: string | null;
}

export interface Order {
  id: number;
  number: string | null;
  state: string;
  total: string;
  currency: string;
  billing_status: string | null;
  recovered_at: string | null;
  workflow_id: number | null;
  discount_codes: string[];
  conversation_ids: number[];
  line_items: LineItem[];
  created_at: string;
}

export interface CheckoutDetails {
  checkout: {
    id: number;
    state: string;
    total_price: string;
    currency: string | null;
    abandoned_checkout_url: string | null;
    line_items: LineItem[];
    created_at: string;
  } | null;
  cart: {
    id: number;
    state: string;
    total: string;
    currency: string;
    line_items: LineItem[];
    created_at: string;
  } | null;
  order: Order | null;
}

export interface EvidenceItem {
  kind: string;
  id: number;
  code?: string;
  conversation_id: number;
  at: string;
  hours_before: number;
  window_hours: number;
  counted: boolean;
  reason: string;
}

export interface OrderAttribution {
  order: { id: number; number: string | null; total: string; currency: string; created_at: string };
  billed: boolean;
  live_feed_recovered: boolean;
  summary: string;
  decision: {
    recovered: boolean;
    rule: string;
    window_hours: number | null;
    conversation_id: number | null;
    items: EvidenceItem[];
  } | null;
}

export interface Explanation {
  subject: { kind: 'cart' | 'order'; id: number };
  workflows: Array<{
    workflow: { id: number; name: string; is_paused: boolean };
    texted: boolean;
    decided_by: string;
    summary: string;
    recorded: { outcome: string; reason: string | null; detail: string | null; at: string } | null;
    now: { checks: Array<{ check: string; passed: boolean; detail: string }> } | null;
  }>;
}
