export { WEBHOOK_PROCESSORS } from './webhook-processors.ts';
