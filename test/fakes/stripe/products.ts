/** The fake Stripe's products and prices, and the plan view of a price that subscription items carry. */
import type { Json } from '../server.ts';
import { INTERVALS, newId } from './common.ts';
import { PARAMS } from './endpoint-params.ts';
import {
  allowOnly,
  exclusive,
  invalid,
  mergeMetadata,
  missing,
  readArray,
  readBool,
  readDecimal,
  readEnum,
  readInt,
  readMetadata,
  readObject,
  readString,
  readStringArray,
  requireString,
} from './params.ts';
import { ID, type StripeState, v1 } from './state.ts';
import type { AddRoute, FakePrice, FakeProduct, Metadata } from './types.ts';

export function createProduct(
  state: StripeState,
  name: string,
  {
    description = null,
    metadata = {},
    id,
    features = [],
  }: { description?: string | null; metadata?: Metadata; id?: string; features?: Json[] } = {},
): FakeProduct {
  const now = state.now();
  const product: FakeProduct = {
    id: id ?? newId('prod_', 14),
    object: 'product',
    active: true,
    attributes: [],
    created: now,
    default_price: null,
    description,
    features,
    images: [],
    livemode: false,
    metadata,
    name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: now,
    url: null,
  };
  state.products.set(product.id, product);
  return product;
}

export function planOf(price: FakePrice): Json {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    aggregate_usage: null,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval,
    interval_count: price.recurring?.interval_count,
    livemode: false,
    metadata: price.metadata,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

/** Ad-hoc price Stripe makes for an invoice item given as an amount (inactive, not listed). */
export function adHocPrice(state: StripeState, amount: number, currency: string): FakePrice {
  const now = state.now();
  return {
    id: newId('price_'),
    object: 'price',
    active: false,
    billing_scheme: 'per_unit',
    created: now,
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: newId('prod_', 14),
    recurring: null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'one_time',
    unit_amount: amount,
    unit_amount_decimal: String(amount),
  };
}

export function recurringPrice(state: StripeState, priceId: string, param: string): FakePrice {
  const price = state.need(state.prices, priceId, 'price', param);
  if (price.type !== 'recurring')
    throw invalid(
      `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
      param,
    );
  if (!price.active) throw invalid(`The price specified is inactive. This field only accepts active prices.`, param);
  return price;
}

/** The product and price endpoints. */
export function productRoutes(state: StripeState, route: AddRoute): void {
  route('POST', v1('products'), (p) => {
    allowOnly(p, PARAMS.productCreate);
    const name = requireString(p, 'name');
    const custom = readString(p, 'id');
    if (custom && state.products.has(custom)) throw invalid('Product already exists.', 'id', 'resource_already_exists');
    // 2023-08-16 names the marketing feature list `features` ([{ name }]).
    const features = (readArray(p, 'features') ?? readArray(p, 'marketing_features') ?? []).map((f, i) => ({
      name: requireString(f, 'name', `features[${i}][name]`),
    }));
    return createProduct(state, name, {
      description: readString(p, 'description') ?? null,
      metadata: mergeMetadata({}, readMetadata(p)),
      id: custom,
      features,
    });
  });
  route('GET', v1(`products/${ID}`), (_p, m) => state.need(state.products, m[1]!, 'product'));
  route('GET', v1('products'), (p) => {
    allowOnly(p, PARAMS.productList);
    const active = readBool(p, 'active');
    return state.list(
      [...state.products.values()].filter((x) => active === undefined || x.active === active),
      p,
      '/v1/products',
      'product',
    );
  });

  route('POST', v1('prices'), (p) => {
    allowOnly(p, PARAMS.priceCreate);
    const currency = requireString(p, 'currency').toLowerCase();
    const productData = readObject(p, 'product_data');
    let productId = readString(p, 'product');
    if (productId && productData) throw exclusive('product', 'product_data');
    if (productData)
      productId = createProduct(state, requireString(productData, 'name', 'product_data[name]'), {
        metadata: mergeMetadata({}, readMetadata(productData)),
      }).id;
    if (!productId) throw missing('product');
    state.need(state.products, productId, 'product', 'product');
    const unitAmount =
      readInt(p, 'unit_amount') ??
      (readDecimal(p, 'unit_amount_decimal') !== undefined
        ? Math.round(readDecimal(p, 'unit_amount_decimal')!)
        : undefined);
    if (unitAmount === undefined) throw missing('unit_amount');
    if (unitAmount < 0) throw invalid('This value must be greater than or equal to 0.', 'unit_amount');
    const recurringParams = readObject(p, 'recurring');
    let recurring: FakePrice['recurring'] = null;
    if (recurringParams) {
      const interval = readEnum(recurringParams, 'interval', INTERVALS, 'recurring[interval]');
      if (!interval) throw missing('recurring[interval]');
      recurring = {
        aggregate_usage: null,
        interval,
        interval_count: readInt(recurringParams, 'interval_count', 'recurring[interval_count]') ?? 1,
        trial_period_days: null,
        usage_type: 'licensed',
      };
    }
    const lookupKey = readString(p, 'lookup_key') ?? null;
    if (lookupKey && [...state.prices.values()].some((x) => x.lookup_key === lookupKey)) {
      if (readBool(p, 'transfer_lookup_key') !== true)
        throw invalid(
          `A price (\`${[...state.prices.values()].find((x) => x.lookup_key === lookupKey)!.id}\`) already uses that lookup key.`,
          'lookup_key',
        );
      for (const other of state.prices.values()) if (other.lookup_key === lookupKey) other.lookup_key = null;
    }
    const price: FakePrice = {
      id: newId('price_'),
      object: 'price',
      active: readBool(p, 'active') ?? true,
      billing_scheme: 'per_unit',
      created: state.now(),
      currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: lookupKey,
      metadata: mergeMetadata({}, readMetadata(p)),
      nickname: readString(p, 'nickname') ?? null,
      product: productId,
      recurring,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
    state.prices.set(price.id, price);
    return price;
  });
  route('GET', v1(`prices/${ID}`), (_p, m) => state.need(state.prices, m[1]!, 'price'));
  route('GET', v1('prices'), (p) => {
    allowOnly(p, PARAMS.priceList);
    const product = readString(p, 'product');
    const active = readBool(p, 'active');
    const type = readEnum(p, 'type', ['one_time', 'recurring'] as const);
    const lookupKeys = readStringArray(p, 'lookup_keys');
    const items = [...state.prices.values()].filter(
      (x) =>
        (!product || x.product === product) &&
        (active === undefined || x.active === active) &&
        (!type || x.type === type) &&
        (lookupKeys.length === 0 || (x.lookup_key !== null && lookupKeys.includes(x.lookup_key))),
    );
    return state.list(items, p, '/v1/prices', 'price');
  });
}
