export { recordBillingCancelEvent, listBillingEvents } from './events.ts';
