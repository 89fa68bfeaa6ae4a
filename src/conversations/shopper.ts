/**
 * The shopper's store data beside a conversation (spec 3 sections 5 and 7): their orders and
 * order history, found by a channel username or a Front conversation id (a phone without a
 * leading '+' gets one), and a cart or checkout with its line items and the order placed from it.
 * Shoppers' addresses, e-mails and phones in the stored payloads are left out.
 */
import { z } from 'zod';
import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { idSchema, pageSchema, parseServiceInput, type Page } from './input.ts';
import { lineItemsOf, lookupUsername, type LineItem } from './rules.ts';
import {
  contactByFrontId,
  contactByUsername,
  findCart,
  findCheckout,
  orderFrom,
  ordersOfContact,
  orderTotalsOfContact,
  type CartRow,
  type CheckoutRow,
  type ContactRef,
  type OrderRow,
  type OrderTotals,
} from './store/shopper.ts';

export const USERNAME_OR_FRONT_ID_REQUIRED = 'A username or frontId is required';
export const CART_OR_CHECKOUT_REQUIRED = 'A cartId or checkoutId is required';
export const DEFAULT_ORDER_LIMIT = 20;
/** Orders with their line items in an order history. */
export const ORDER_HISTORY_RECENT = 10;

export type OrderView = Omit<OrderRow, 'raw_line_items'> & { line_items: LineItem[] };
export type CheckoutView = Omit<CheckoutRow, 'raw_line_items'> & { line_items: LineItem[] };
export type CartView = Omit<CartRow, 'raw_line_items'> & { line_items: LineItem[] };

const withItems = <T extends { raw_line_items: unknown }>({ raw_line_items, ...rest }: T) => ({
  ...rest,
  line_items: lineItemsOf(raw_line_items),
});

const shopperRef = {
  brandId: idSchema,
  /** The shopper's phone (E.164; a leading + is added when missing) or e-mail. */
  username: z.string().trim().min(1).max(320).optional(),
  /** The Front conversation id of one of the shopper's conversations. */
  frontId: z.string().trim().min(1).max(200).optional(),
};
const needsShopper = (input: { username?: string; frontId?: string }) =>
  input.username !== undefined || input.frontId !== undefined;

export const contactOrdersSchema = z
  .object({ ...shopperRef, ...pageSchema(DEFAULT_ORDER_LIMIT, 100) })
  .refine(needsShopper, { message: USERNAME_OR_FRONT_ID_REQUIRED });
export type ContactOrdersInput = z.input<typeof contactOrdersSchema>;

export const orderHistorySchema = z.object(shopperRef).refine(needsShopper, { message: USERNAME_OR_FRONT_ID_REQUIRED });
export type OrderHistoryInput = z.input<typeof orderHistorySchema>;

async function resolveContact(
  db: Handle,
  { brandId, username, frontId }: { brandId: number; username?: string; frontId?: string },
): Promise<ContactRef> {
  const contact = username
    ? await contactByUsername(db, { brandId, username: lookupUsername(username) })
    : await contactByFrontId(db, { brandId, frontId: frontId! });
  if (!contact) throw new AppError('not_found', 'Contact not found');
  return contact;
}

/** The shopper's orders, newest first, with line items and the conversations that recovered them. */
export async function contactOrders(
  db: Handle,
  input: ContactOrdersInput,
): Promise<Page<OrderView> & { contact: ContactRef }> {
  const parsed = parseServiceInput(contactOrdersSchema, input);
  const contact = await resolveContact(db, parsed);
  const page = await ordersOfContact(db, { ...parsed, contactId: contact.id });
  return { contact, items: page.items.map(withItems), total: page.total, offset: parsed.offset, limit: parsed.limit };
}

export interface OrderHistory {
  contact: ContactRef;
  /** Per currency: orders, what the complete ones came to, cancelled orders, first and last order. */
  totals: Array<OrderTotals & { cancelled: number }>;
  /** The 10 latest orders with their line items. */
  recent: OrderView[];
}

/** What the shopper has bought from the brand: totals per currency and the latest orders. */
export async function orderHistory(db: Handle, input: OrderHistoryInput): Promise<OrderHistory> {
  const parsed = parseServiceInput(orderHistorySchema, input);
  const contact = await resolveContact(db, parsed);
  const totals = await orderTotalsOfContact(db, { brandId: parsed.brandId, contactId: contact.id });
  const recent = await ordersOfContact(db, {
    brandId: parsed.brandId,
    contactId: contact.id,
    offset: 0,
    limit: ORDER_HISTORY_RECENT,
  });
  return { contact, totals, recent: recent.items.map(withItems) };
}

export const checkoutDetailsSchema = z
  .object({ brandId: idSchema, cartId: idSchema.optional(), checkoutId: idSchema.optional() })
  .refine((input) => input.cartId !== undefined || input.checkoutId !== undefined, {
    message: CART_OR_CHECKOUT_REQUIRED,
  });
export type CheckoutDetailsInput = z.input<typeof checkoutDetailsSchema>;

export interface CheckoutDetails {
  checkout: CheckoutView | null;
  cart: CartView | null;
  /** The order placed from the checkout or cart, if any. */
  order: OrderView | null;
}

/**
 * A checkout (with its cart) by checkoutId, or a cart (with its latest checkout) by cartId, and
 * the order placed from them ('Checkout not found' / 'Cart not found').
 */
export async function checkoutDetails(db: Handle, input: CheckoutDetailsInput): Promise<CheckoutDetails> {
  const { brandId, cartId, checkoutId } = parseServiceInput(checkoutDetailsSchema, input);
  let checkout: CheckoutRow | undefined;
  let cart: CartRow | undefined;
  if (checkoutId !== undefined) {
    checkout = await findCheckout(db, { brandId, id: checkoutId });
    if (!checkout) throw new AppError('not_found', 'Checkout not found');
    const cartOf = cartId ?? checkout.cart_id;
    cart = cartOf === null ? undefined : await findCart(db, { brandId, id: cartOf });
  } else {
    cart = await findCart(db, { brandId, id: cartId! });
    if (!cart) throw new AppError('not_found', 'Cart not found');
    checkout = await findCheckout(db, { brandId, cartId: cart.id });
  }
  const order = await orderFrom(db, { brandId, checkoutId: checkout?.id, cartId: cart?.id });
  return {
    checkout: checkout ? withItems(checkout) : null,
    cart: cart ? withItems(cart) : null,
    order: order ? withItems(order) : null,
  };
}
