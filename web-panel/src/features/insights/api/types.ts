/** Shapes of the insight and knowledge-base answers (see /api/openapi.json, tags "insights", "knowledge base"). */
export interface ApiPeriod {
  from: string;
  to: string;
  from_day: string;
  to_day: string;
  days: number;
  timezone: string;
}

export interface Insight {
  id: number;
  category: string;
  tag: string | null;
  topic: string | null;
  body: string | null;
  proposed_solution: string | null;
  created_at: string;
  conversations: number;
  messages: number;
}

export interface InsightCount {
  category: string | null;
  tag: string | null;
  conversations: number;
  messages: number;
}

export interface InsightMessage {
  id: number;
  conversation_id: number;
  message_body: string | null;
  message_at: string | null;
  sentiment: string | null;
}

export interface KbCard {
  id: number;
  title: string | null;
  content: string | null;
  status: 'published' | 'unpublished' | 'draft';
  source: 'manual' | 'flow' | 'escalation' | 'import' | 'insight';
  weight: number;
  created_at: string;
  updated_at: string;
  author: { id: number; name: string } | null;
  brand_insight_id: number | null;
  escalation_id: number | null;
  rank?: number;
}

export interface Escalation {
  id: number;
  conversation_id: number | null;
  question: string | null;
  processed_question: string | null;
  processed_response: string | null;
  is_added_kb: boolean;
  created_at: string;
}

export interface PeriodParams {
  from: string;
  to: string;
  tz: string;
}

export const insightsKey = (brandId: number) => ['brands', brandId, 'insights'] as const;
export const kbKey = (brandId: number) => ['brands', brandId, 'kb'] as const;
