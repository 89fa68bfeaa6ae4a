/** The shapes of Shopify app billing as Reclaim reads and writes them. */
export interface Money {
  amount: string;
  currencyCode: string;
}

export type AppSubscriptionStatus = 'PENDING' | 'ACTIVE' | 'ACCEPTED' | 'CANCELLED' | 'DECLINED' | 'EXPIRED' | 'FROZEN';

export interface AppSubscriptionDiscount {
  /** Set for a fixed-amount discount. */
  amount?: Money;
  /** Set for a percentage discount (0.2 for 20 percent). */
  percentage?: number;
  /** Intervals the discount applies to; null for every interval. */
  durationLimitInIntervals: number | null;
  remainingDurationInIntervals: number | null;
  priceAfterDiscount: Money;
}

export interface AppSubscriptionLine {
  id: string;
  kind: 'recurring' | 'usage';
  price?: Money;
  cappedAmount?: Money;
  balanceUsed?: Money;
  terms?: string;
  interval?: string;
  discount?: AppSubscriptionDiscount;
}

export interface AppSubscription {
  id: string;
  name: string;
  status: AppSubscriptionStatus;
  test: boolean;
  trialDays: number;
  createdAt: string;
  /** Null unless the subscription is active. */
  currentPeriodEnd: string | null;
  lines: AppSubscriptionLine[];
}

export type ReplacementBehavior = 'STANDARD' | 'APPLY_IMMEDIATELY' | 'APPLY_ON_NEXT_BILLING_CYCLE';

export interface AppSubscriptionInput {
  name: string;
  returnUrl: string;
  trialDays: number;
  test: boolean;
  priceUsd: number;
  /** A fixed USD amount off the first 30-day interval only. */
  firstIntervalDiscountUsd?: number;
  usageCapUsd: number;
  usageTerms: string;
  /** How an approved subscription replaces an active one; Shopify's default is STANDARD. */
  replacementBehavior?: ReplacementBehavior;
}
