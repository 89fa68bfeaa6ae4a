/** The fake Stripe's customers. */
import { randomBytes } from 'node:crypto';
import { newId } from './common.ts';
import { PARAMS } from './endpoint-params.ts';
import { allowOnly, mergeMetadata, readMetadata, readString } from './params.ts';
import { ID, type StripeState, v1 } from './state.ts';
import type { AddRoute, FakeCustomer, Metadata } from './types.ts';

export function createCustomer(
  state: StripeState,
  {
    email = null,
    name = null,
    phone = null,
    description = null,
    metadata = {},
  }: {
    email?: string | null;
    name?: string | null;
    phone?: string | null;
    description?: string | null;
    metadata?: Metadata;
  },
): FakeCustomer {
  const customer: FakeCustomer = {
    id: newId('cus_', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: state.now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description,
    discount: null,
    email,
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata,
    name,
    next_invoice_sequence: 1,
    phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
  state.customers.set(customer.id, customer);
  return customer;
}

/** The customer endpoints. */
export function customerRoutes(state: StripeState, route: AddRoute): void {
  route('POST', v1('customers'), (p) => {
    allowOnly(p, PARAMS.customerCreate);
    return createCustomer(state, {
      email: readString(p, 'email') ?? null,
      name: readString(p, 'name') ?? null,
      phone: readString(p, 'phone') ?? null,
      description: readString(p, 'description') ?? null,
      metadata: mergeMetadata({}, readMetadata(p)),
    });
  });
  route('GET', v1('customers'), (p) => {
    allowOnly(p, PARAMS.customerList);
    const email = readString(p, 'email');
    return state.list(
      [...state.customers.values()].filter((c) => !email || c.email === email),
      p,
      '/v1/customers',
      'customer',
    );
  });
  route('GET', v1(`customers/${ID}`), (_p, m) => state.need(state.customers, m[1]!, 'customer'));
  route('POST', v1(`customers/${ID}`), (p, m) => {
    allowOnly(p, PARAMS.customerUpdate);
    const customer = state.need(state.customers, m[1]!, 'customer');
    for (const field of ['email', 'name', 'phone', 'description'] as const)
      if (p[field] !== undefined) customer[field] = readString(p, field) ?? null;
    customer.metadata = mergeMetadata(customer.metadata, readMetadata(p));
    return customer;
  });
}
