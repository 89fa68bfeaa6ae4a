/** What the story of one brand is told from (see ../spec.ts for the demo brands'). */
import type { Behaviour } from './conversation.ts';
import type { PeopleSpec } from './people.ts';

export interface StoryWorkflow {
  name: string;
  type: 'checkout' | 'cart' | 'order';
  delayMinutes: number;
  message: unknown;
  rules: unknown;
  discount: { type: 'percentage' | 'fixed' | 'shipping'; value: number; duration: number; prefix: string } | null;
}

export interface StorySpec {
  key: string;
  seed: number;
  name: string;
  timeZone: string;
  site: string;
  catalog: string;
  reEngagePeriod: number | null;
  extraData: Record<string, unknown>;
  linkBaseUrl: string;
  people: PeopleSpec;
  freshMinutesAgo: readonly number[];
  strays: { anonymous: number; emptied: number };
  /** The checkout or cart flow. */
  recovery: StoryWorkflow;
  postPurchase: StoryWorkflow | null;
  behaviour: { recovery: Behaviour; postPurchase: Behaviour };
}
