/** The fake Stripe's billing portal sessions. */
import { newId } from './common.ts';
import { PARAMS } from './endpoint-params.ts';
import { allowOnly, readString, requireString } from './params.ts';
import { type StripeState, v1 } from './state.ts';
import type { AddRoute, FakePortalSession } from './types.ts';

/** The billing portal endpoint. */
export function portalRoutes(state: StripeState, route: AddRoute): void {
  route('POST', v1('billing_portal/sessions'), (p) => {
    allowOnly(p, PARAMS.portalCreate);
    const customer = state.need(state.customers, requireString(p, 'customer'), 'customer', 'customer');
    const sessionId = newId('bps_');
    const session: FakePortalSession = {
      id: sessionId,
      object: 'billing_portal.session',
      configuration: 'bpc_fakedefault000000000000',
      created: state.now(),
      customer: customer.id,
      flow: null,
      livemode: false,
      locale: readString(p, 'locale') ?? null,
      on_behalf_of: null,
      return_url: readString(p, 'return_url') ?? null,
      url: `${state.baseUrl}/p/session/${sessionId}`,
    };
    state.portalSessions.set(session.id, session);
    return session;
  });
}
