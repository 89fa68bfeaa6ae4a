/** The Admin GraphQL documents of Shopify app billing (named operations: the fake and the logs know them by name). */
const MONEY = 'amount currencyCode';

const APP_SUBSCRIPTION_FIELDS = `id name status test trialDays createdAt currentPeriodEnd
  lineItems {
    id
    plan {
      pricingDetails {
        __typename
        ... on AppRecurringPricing {
          interval
          price { ${MONEY} }
          discount {
            durationLimitInIntervals remainingDurationInIntervals
            priceAfterDiscount { ${MONEY} }
            value {
              __typename
              ... on AppSubscriptionDiscountAmount { amount { ${MONEY} } }
              ... on AppSubscriptionDiscountPercentage { percentage }
            }
          }
        }
        ... on AppUsagePricing { interval terms cappedAmount { ${MONEY} } balanceUsed { ${MONEY} } }
      }
    }
  }`;

export const APP_SUBSCRIPTION_CREATE = `mutation AppSubscriptionCreate($name: String!, $returnUrl: URL!, $trialDays: Int, $test: Boolean, $lineItems: [AppSubscriptionLineItemInput!]!, $replacementBehavior: AppSubscriptionReplacementBehavior) {
  appSubscriptionCreate(name: $name, returnUrl: $returnUrl, trialDays: $trialDays, test: $test, lineItems: $lineItems, replacementBehavior: $replacementBehavior) {
    appSubscription { ${APP_SUBSCRIPTION_FIELDS} }
    confirmationUrl
    userErrors { field message }
  }
}`;

export const APP_SUBSCRIPTION_BY_ID = `query AppSubscriptionById($id: ID!) {
  node(id: $id) {
    __typename
    ... on AppSubscription { ${APP_SUBSCRIPTION_FIELDS} }
  }
}`;

export const ACTIVE_APP_SUBSCRIPTIONS = `query ActiveAppSubscriptions {
  currentAppInstallation { activeSubscriptions { ${APP_SUBSCRIPTION_FIELDS} } }
}`;

export const APP_SUBSCRIPTION_CANCEL = `mutation AppSubscriptionCancel($id: ID!, $prorate: Boolean) {
  appSubscriptionCancel(id: $id, prorate: $prorate) {
    appSubscription { ${APP_SUBSCRIPTION_FIELDS} }
    userErrors { field message }
  }
}`;

export const APP_USAGE_RECORD_CREATE = `mutation AppUsageRecordCreate($subscriptionLineItemId: ID!, $price: MoneyInput!, $description: String!, $idempotencyKey: String) {
  appUsageRecordCreate(subscriptionLineItemId: $subscriptionLineItemId, price: $price, description: $description, idempotencyKey: $idempotencyKey) {
    appUsageRecord { id }
    userErrors { field message }
  }
}`;

export const APP_SUBSCRIPTION_LINE_ITEM_UPDATE = `mutation AppSubscriptionLineItemUpdate($id: ID!, $cappedAmount: MoneyInput!) {
  appSubscriptionLineItemUpdate(id: $id, cappedAmount: $cappedAmount) {
    appSubscription { id }
    confirmationUrl
    userErrors { field message }
  }
}`;
