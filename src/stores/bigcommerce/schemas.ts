/** BigCommerce's wire shapes (REST v2 and v3), validated with zod at the boundary. */
import { z } from 'zod';

export const id = z.union([z.string(), z.number()]);
export const opt = <T extends z.ZodType>(schema: T) => schema.nullish();

export const lineItemSchema = z.looseObject({
  id: opt(id),
  product_id: opt(z.number()),
  variant_id: opt(z.number()),
  sku: opt(z.string()),
  name: opt(z.string()),
  url: opt(z.string()),
  image_url: opt(z.string()),
  quantity: z.number().default(1),
  list_price: opt(z.number()),
  sale_price: opt(z.number()),
  extended_sale_price: opt(z.number()),
});
/** A cart's redirect URLs: each works once, so a link shared with a shopper needs a fresh one per visit. */
export const redirectUrlsSchema = z.looseObject({
  cart_url: opt(z.string()),
  checkout_url: opt(z.string()),
  embedded_checkout_url: opt(z.string()),
});

export const cartSchema = z.looseObject({
  id: z.string(),
  customer_id: opt(z.number()),
  email: opt(z.string()),
  currency: opt(z.looseObject({ code: opt(z.string()) })),
  base_amount: opt(z.number()),
  cart_amount: opt(z.number()),
  channel_id: opt(z.number()),
  locale: opt(z.string()),
  created_time: opt(z.string()),
  updated_time: opt(z.string()),
  line_items: opt(
    z.looseObject({
      physical_items: z.array(lineItemSchema).default([]),
      digital_items: z.array(lineItemSchema).default([]),
      custom_items: z.array(lineItemSchema).default([]),
      gift_certificates: z.array(z.looseObject({})).default([]),
    }),
  ),
  redirect_urls: opt(redirectUrlsSchema),
});
export type BcCart = z.infer<typeof cartSchema>;

const addressSchema = z.looseObject({
  first_name: opt(z.string()),
  last_name: opt(z.string()),
  email: opt(z.string()),
  phone: opt(z.string()),
});
export const checkoutSchema = z.looseObject({ id: z.string(), billing_address: opt(addressSchema) });
export type BcCheckout = z.infer<typeof checkoutSchema>;

export const orderSchema = z.looseObject({
  id: z.number(),
  customer_id: opt(z.number()),
  date_created: opt(z.string()),
  date_modified: opt(z.string()),
  status_id: z.number(),
  status: opt(z.string()),
  custom_status: opt(z.string()),
  payment_status: opt(z.string()),
  total_inc_tax: opt(id),
  /** The display currency; default_currency_code is the transactional one the totals are in. */
  currency_code: opt(z.string()),
  default_currency_code: opt(z.string()),
  cart_id: opt(z.string()),
  order_source: opt(z.string()),
  billing_address: opt(addressSchema),
});
export type BcOrder = z.infer<typeof orderSchema>;

/** A v3 customer (GET /v3/customers): dates are ISO 8601. */
export const customerSchema = z.looseObject({
  id: z.number(),
  email: opt(z.string()),
  first_name: opt(z.string()),
  last_name: opt(z.string()),
  phone: opt(z.string()),
  customer_group_id: opt(z.number()),
  accepts_product_review_abandoned_cart_emails: opt(z.boolean()),
  date_created: opt(z.string()),
  date_modified: opt(z.string()),
});
export type BcCustomer = z.infer<typeof customerSchema>;

export const customerGroupSchema = z.looseObject({
  id: z.number(),
  name: opt(z.string()),
  is_default: opt(z.boolean()),
});
export const subscriberSchema = z.looseObject({ id: z.number(), email: opt(z.string()) });
export const storeInfoSchema = z.looseObject({
  id: opt(z.string()),
  domain: opt(z.string()),
  secure_url: opt(z.string()),
  name: opt(z.string()),
  admin_email: opt(z.string()),
  phone: opt(z.string()),
  currency: opt(z.string()),
  plan_name: opt(z.string()),
  timezone: opt(z.looseObject({ name: opt(z.string()) })),
});
export type BcStoreInfo = z.infer<typeof storeInfoSchema>;

export const hookSchema = z.looseObject({
  id: z.number(),
  scope: z.string(),
  destination: z.string(),
  is_active: z.boolean().default(true),
  headers: opt(z.record(z.string(), z.string())),
});
export type BcHook = z.infer<typeof hookSchema>;

export const couponSchema = z.looseObject({
  id: z.number(),
  code: z.string(),
  type: opt(z.string()),
  amount: opt(z.string()),
  expires: opt(z.string()),
});
export type BcCoupon = z.infer<typeof couponSchema>;

/** A v3 catalog product (GET /v3/catalog/products); `categories` holds category ids. */
export const productSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  type: opt(z.string()),
  sku: opt(z.string()),
  price: opt(z.number()),
  is_visible: opt(z.boolean()),
  categories: z.array(z.number()).default([]),
  custom_url: opt(z.looseObject({ url: opt(z.string()) })),
});
export type BcProduct = z.infer<typeof productSchema>;

/** A v3 variant (GET /v3/catalog/variants); `option_values` name it ("Size: M"). */
export const variantSchema = z.looseObject({
  id: z.number(),
  product_id: z.number(),
  sku: opt(z.string()),
  price: opt(z.number()),
  calculated_price: opt(z.number()),
  option_values: z.array(z.looseObject({ label: opt(z.string()), option_display_name: opt(z.string()) })).default([]),
});
export type BcVariant = z.infer<typeof variantSchema>;

/** A category of a tree (GET /v3/catalog/trees/categories). */
export const categorySchema = z.looseObject({
  category_id: z.number(),
  parent_id: opt(z.number()),
  tree_id: opt(z.number()),
  name: z.string(),
  is_visible: opt(z.boolean()),
  url: opt(z.looseObject({ path: opt(z.string()) })),
});
export type BcCategory = z.infer<typeof categorySchema>;

/** A storefront script (/v3/content/scripts): uuid is its id; api_client_id names the app that made it. */
export const scriptSchema = z.looseObject({
  uuid: z.string(),
  name: opt(z.string()),
  description: opt(z.string()),
  src: opt(z.string()),
  kind: opt(z.string()),
  load_method: opt(z.string()),
  location: opt(z.string()),
  visibility: opt(z.string()),
  consent_category: opt(z.string()),
  api_client_id: opt(z.string()),
  auto_uninstall: opt(z.boolean()),
  enabled: opt(z.boolean()),
  channel_id: opt(z.number()),
});
export type BcScript = z.infer<typeof scriptSchema>;

export const paginated = <T extends z.ZodType>(item: T) =>
  z.looseObject({
    data: z.array(item).default([]),
    meta: opt(
      z.looseObject({
        pagination: opt(
          z.looseObject({ total: opt(z.number()), total_pages: opt(z.number()), current_page: opt(z.number()) }),
        ),
      }),
    ),
  });
export const single = <T extends z.ZodType>(item: T) => z.looseObject({ data: item });
