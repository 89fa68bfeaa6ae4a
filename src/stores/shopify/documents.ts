/**
 * The Admin GraphQL documents (API 2025-10 and later: webhook subscriptions use `uri`, customers
 * `defaultEmailAddress` / `defaultPhoneNumber`, plans `publicDisplayName`, discounts `context`).
 * Each stays under Shopify's 1,000-point requested cost: a page of 100 abandoned checkouts costs
 * about 8 points a checkout, so their line items (up to 250) are read per checkout.
 */

const ADDRESS =
  'firstName lastName name address1 address2 city province provinceCode country countryCodeV2 zip phone company';
const MONEY = 'amount currencyCode';

export const SHOP_INFO = `query ShopInfo {
  shop {
    id name email contactEmail shopOwnerName myshopifyDomain
    primaryDomain { url host }
    currencyCode ianaTimezone
    plan { publicDisplayName partnerDevelopment shopifyPlus }
    billingAddress { phone }
  }
}`;

export const APP_SCOPES = `query AppScopes {
  currentAppInstallation { accessScopes { handle } }
}`;

export const PRODUCTS_BY_IDS = `query ProductsByIds($ids: [ID!]!) {
  nodes(ids: $ids) {
    ... on Product {
      id title handle onlineStoreUrl
      collections(first: 20) { nodes { id title handle } pageInfo { hasNextPage endCursor } }
      variants(first: 20) { nodes { id title price sku } pageInfo { hasNextPage endCursor } }
    }
  }
}`;

export const PRODUCT_COLLECTIONS = `query ProductCollections($id: ID!, $first: Int!, $after: String) {
  product(id: $id) { collections(first: $first, after: $after) { nodes { id title handle } pageInfo { hasNextPage endCursor } } }
}`;

export const PRODUCT_VARIANTS = `query ProductVariants($id: ID!, $first: Int!, $after: String) {
  product(id: $id) { variants(first: $first, after: $after) { nodes { id title price sku } pageInfo { hasNextPage endCursor } } }
}`;

export const FIRST_VARIANT = `query FirstProductVariant {
  productVariants(first: 1) { nodes { id title price product { id title handle } } }
}`;

const ORDER_FIELDS = `id legacyResourceId name statusPageUrl returnStatus displayFulfillmentStatus displayFinancialStatus
  createdAt updatedAt cancelledAt totalPriceSet { shopMoney { ${MONEY} } } customer { id }`;

export const ORDER_BY_ID = `query OrderById($id: ID!) {
  order(id: $id) { ${ORDER_FIELDS} }
}`;

export const ORDERS_SEARCH = `query NewestOrder($query: String!) {
  orders(first: 1, query: $query, sortKey: CREATED_AT, reverse: true) { nodes { ${ORDER_FIELDS} } }
}`;

/**
 * From 2026-10 a phone's SMS consent is CustomerPhoneNumber's `smsMarketingConsent` object and the
 * flat fields (marketingState ...) are deprecated; before 2026-10 only the flat fields exist (asking
 * for the object is an undefinedField error). Each version is asked for its form and
 * rules-checkout.ts reads either, so a version bump loses no consent.
 */
const PHONE_SMS_CONSENT_SINCE = '2026-10';

const phoneSmsConsent = (apiVersion: string): string =>
  apiVersion >= PHONE_SMS_CONSENT_SINCE
    ? 'smsMarketingConsent { state optInLevel updatedAt collectedFrom }'
    : 'marketingState marketingOptInLevel marketingUpdatedAt marketingCollectedFrom';

const consent = (apiVersion: string): string =>
  `defaultEmailAddress { emailAddress marketingState marketingOptInLevel marketingUpdatedAt }
  defaultPhoneNumber { phoneNumber ${phoneSmsConsent(apiVersion)} }`;

export const customerById = (apiVersion: string): string => `query CustomerById($id: ID!) {
  customer(id: $id) {
    id firstName lastName displayName note tags createdAt updatedAt
    ${consent(apiVersion)}
    defaultAddress { ${ADDRESS} }
    addresses(first: 10) { ${ADDRESS} }
  }
}`;

export const abandonedCheckouts = (
  apiVersion: string,
): string => `query AbandonedCheckouts($first: Int!, $after: String, $query: String!) {
  abandonedCheckouts(first: $first, after: $after, query: $query, sortKey: ID) {
    nodes {
      id name abandonedCheckoutUrl createdAt updatedAt completedAt note discountCodes taxesIncluded
      customer { id firstName lastName tags ${consent(apiVersion)} }
      shippingAddress { ${ADDRESS} }
      billingAddress { ${ADDRESS} }
      totalPriceSet { shopMoney { ${MONEY} } }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const CHECKOUT_LINE_ITEMS = `query AbandonedCheckoutLineItems($id: ID!, $first: Int!, $after: String) {
  node(id: $id) {
    ... on AbandonedCheckout {
      lineItems(first: $first, after: $after) {
        nodes { id title variantTitle quantity sku variant { id } product { id } originalUnitPriceSet { shopMoney { ${MONEY} } } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
}`;

const SUBSCRIPTION = 'id topic uri format';

export const WEBHOOK_LIST = `query WebhookSubscriptions($after: String) {
  webhookSubscriptions(first: 100, after: $after) { nodes { ${SUBSCRIPTION} } pageInfo { hasNextPage endCursor } }
}`;

export const WEBHOOK_CREATE = `mutation WebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { ${SUBSCRIPTION} }
    userErrors { field message }
  }
}`;

export const WEBHOOK_UPDATE = `mutation WebhookSubscriptionUpdate($id: ID!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionUpdate(id: $id, webhookSubscription: $webhookSubscription) {
    webhookSubscription { ${SUBSCRIPTION} }
    userErrors { field message }
  }
}`;

export const WEBHOOK_DELETE = `mutation WebhookSubscriptionDelete($id: ID!) {
  webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { field message } }
}`;

export const DISCOUNT_BASIC_CREATE = `mutation DiscountCodeBasicCreate($basicCodeDiscount: DiscountCodeBasicInput!) {
  discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) {
    codeDiscountNode { id }
    userErrors { field code message }
  }
}`;

export const DISCOUNT_FREE_SHIPPING_CREATE = `mutation DiscountCodeFreeShippingCreate($freeShippingCodeDiscount: DiscountCodeFreeShippingInput!) {
  discountCodeFreeShippingCreate(freeShippingCodeDiscount: $freeShippingCodeDiscount) {
    codeDiscountNode { id }
    userErrors { field code message }
  }
}`;
