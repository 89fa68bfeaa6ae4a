/** The fake Stripe's events, as the fake recorded them. */
import type { Json } from '../server.ts';
import { noSuch, readString } from './params.ts';
import { ID, type StripeState, v1 } from './state.ts';
import type { AddRoute, StripeObject } from './types.ts';

/** The event endpoints. */
export function eventRoutes(state: StripeState, route: AddRoute): void {
  route('GET', v1(`events/${ID}`), (_p, m) => {
    const event = state.events.find((e) => e.id === m[1]);
    if (!event) throw noSuch('event', m[1]!);
    return event as unknown as Json;
  });
  route('GET', v1('events'), (p) => {
    const type = readString(p, 'type');
    const events = state.events.filter(
      (e) => !type || e.type === type || (type.endsWith('*') && e.type.startsWith(type.slice(0, -1))),
    );
    return state.list(events as unknown as StripeObject[], p, '/v1/events', 'event');
  });
}
