export {
  setCartHook,
  getCartHook,
  removeCartHook,
  queueCartEventForward,
  forwardCartEvent,
  FORWARD_TASK,
  type CartHookView,
  type ForwardResult,
} from './service.ts';
export {
  signDelivery,
  verifyDelivery,
  isCartEvent,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  EVENT_HEADER,
  DELIVERY_HEADER,
  MAX_HOOK_ATTEMPTS,
} from './rules.ts';
