/**
 * The fake Shopify's `draftOrderCreate`: line items of the shop's variants (price from the
 * variant), discount codes applied when the shop has them (a basic percentage or amount code
 * lowers the total; a free-shipping code applies without changing it; an unknown code is skipped,
 * as Shopify does), and the invoice URL of the draft. Inputs are type-checked like Shopify's; without
 * write_draft_orders Shopify answers ACCESS_DENIED.
 */
import { randomBytes } from 'node:crypto';
import type { Json } from '../server.ts';
import { scoped } from './admin-surface.ts';
import type { GraphqlHandler, InputType } from './types.ts';

const leaves = (...names: string[]): Record<string, true> =>
  Object.fromEntries(names.map((name) => [name, true as const]));

export const DRAFT_ORDER_INPUT: InputType = {
  name: 'DraftOrderInput',
  fields: {
    ...leaves(
      'acceptAutomaticDiscounts',
      'allowDiscountCodesInCheckout',
      'appliedDiscount',
      'billingAddress',
      'customAttributes',
      'discountCodes',
      'email',
      'metafields',
      'note',
      'phone',
      'poNumber',
      'presentmentCurrencyCode',
      'purchasingEntity',
      'reserveInventoryUntil',
      'shippingAddress',
      'shippingLine',
      'sourceName',
      'tags',
      'taxExempt',
      'useCustomerDefaultAddress',
      'visibleToCustomer',
    ),
    lineItems: {
      name: 'DraftOrderLineItemInput',
      fields: leaves(
        'appliedDiscount',
        'customAttributes',
        'originalUnitPriceWithCurrency',
        'quantity',
        'requiresShipping',
        'sku',
        'taxable',
        'title',
        'variantId',
        'weight',
      ),
    },
  },
};

const cents = (value: unknown): number => Math.round(Number(value ?? 0) * 100);
const amount = (value: number): string => (value / 100).toFixed(2);

export const draftOrderHandlers: Record<string, GraphqlHandler> = {
  DraftOrderCreate: {
    cost: () => 10,
    inputs: { input: DRAFT_ORDER_INPUT },
    run: scoped('draftOrderCreate', 'write_draft_orders', ({ fake, shop, variables }) => {
      const input = (variables.input ?? {}) as Json;
      const lines = (input.lineItems as Json[] | undefined) ?? [];
      const fail = (field: (string | number)[], message: string) => ({
        data: { draftOrderCreate: { draftOrder: null, userErrors: [{ field: field.map(String), message }] } },
        actual: 10,
      });
      if (lines.length === 0) return fail(['lineItems'], 'Add at least 1 product');
      let subtotal = 0;
      for (const [index, line] of lines.entries()) {
        const variant = shop.products
          .flatMap((product) => (product.variants as Json[] | undefined) ?? [])
          .find((v) => v.id === line.variantId);
        if (!variant) return fail(['lineItems', index, 'variantId'], 'Product with ID could not be found.');
        subtotal += cents(variant.price) * Number(line.quantity ?? 1);
      }
      const applied: string[] = [];
      let discount = 0;
      for (const code of (input.discountCodes as string[] | undefined) ?? []) {
        const found = shop.discounts.find((d) => d.code.toLowerCase() === code.toLowerCase());
        if (!found) continue; // not eligible: skipped during calculation
        applied.push(found.code);
        const value = ((found.input.customerGets as Json | undefined)?.value ?? {}) as Json;
        if (typeof value.percentage === 'number') discount += Math.round(subtotal * value.percentage);
        const off = (value.discountAmount as Json | undefined)?.amount;
        if (off !== undefined) discount += cents(off);
      }
      const id = fake.nextGid(shop, 'DraftOrder');
      const number = id.split('/').pop()!;
      const draft = {
        id,
        name: `#D${number}`,
        status: 'OPEN',
        invoiceUrl: `https://${shop.domain}/${number}/invoices/${randomBytes(16).toString('hex')}`,
        discountCodes: applied,
        totalPriceSet: { shopMoney: { amount: amount(Math.max(0, subtotal - discount)), currencyCode: 'USD' } },
      };
      shop.draftOrders.push({ ...draft, input });
      return { data: { draftOrderCreate: { draftOrder: draft, userErrors: [] } }, actual: 10 };
    }),
  },
};
