/**
 * The source of the BigCommerce storefront script (served by storefront.ts). It runs on the
 * store's own pages, so it reads the shopper's cart from the same-origin Storefront API
 * (`GET /api/storefront/carts`, an array of carts in camelCase: id, customerId, email, currency,
 * cartAmount, lineItems {physicalItems, digitalItems, customItems, giftCertificates}) and, on the
 * checkout, the checkout's billing address (`GET /api/storefront/checkouts/{cartId}`, which holds
 * the phone). When the cart names its shopper (an e-mail or a phone) it posts the
 * `bigcommerce_cart_identified` event to the ingest endpoint, once per change (the last one sent
 * is remembered for the tab; the event id is derived from what it says, so a repeat is stored
 * once). It carries the public ingest URL only: no token, no secret. Plain ES2017, no build step.
 */

/** How often the checkout (a single-page app where the shopper types their e-mail) is re-read. */
export const CHECKOUT_POLL_MS = 5_000;
/** The checkout is re-read for at most this long after the page opened. */
export const CHECKOUT_POLL_FOR_MS = 30 * 60_000;

export function bigcommerceStorefrontScript({ ingestUrl }: { ingestUrl: string }): string {
  return `/* Reclaim: tells Reclaim which cart this shopper has and the e-mail or phone they gave, so an
   abandoned cart can be recovered. Reads the store's own Storefront API; sends nothing else. */
(function () {
  'use strict';
  if (window.ReclaimStorefront) return;
  var INGEST_URL = ${JSON.stringify(ingestUrl)};
  var SENT_KEY = 'reclaim:storefront:last';
  var LINE_KINDS = ['physicalItems', 'digitalItems', 'customItems', 'giftCertificates'];

  function hash(text) {
    var h = 5381;
    for (var i = 0; i < text.length; i++) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
    return h.toString(36);
  }
  function getJson(path) {
    return fetch(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .catch(function () { return null; });
  }
  function remembered() {
    try { return window.sessionStorage.getItem(SENT_KEY); } catch (e) { return null; }
  }
  function remember(value) {
    try { window.sessionStorage.setItem(SENT_KEY, value); } catch (e) { /* storage disabled */ }
  }
  function text(value, max) {
    return typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;
  }
  function lineCount(cart) {
    var items = cart.lineItems || {};
    return LINE_KINDS.reduce(function (sum, kind) {
      return sum + (Array.isArray(items[kind]) ? items[kind].length : 0);
    }, 0);
  }
  function onCheckout() {
    return /^\\/(checkout|embedded-checkout)/.test(window.location.pathname);
  }

  var running = null;
  /** One capture at a time: a call while one runs gets that one. */
  function capture() {
    if (running) return running;
    running = captureOnce().then(function (result) { running = null; return result; }, function () { running = null; return null; });
    return running;
  }

  /** Reads the cart (and, on the checkout, its billing address) and posts what changed. */
  function captureOnce() {
    return getJson('/api/storefront/carts').then(function (carts) {
      var cart = Array.isArray(carts) ? carts[0] : null;
      if (!cart || !cart.id) return null;
      var checkout = onCheckout() ? getJson('/api/storefront/checkouts/' + encodeURIComponent(cart.id)) : Promise.resolve(null);
      return checkout.then(function (found) {
        var billing = (found && found.billingAddress) || {};
        var event = {
          name: 'bigcommerce_cart_identified',
          cartId: String(cart.id),
          email: text(cart.email, 320) || text(billing.email, 320),
          phone: text(billing.phone, 50),
          lineItemCount: lineCount(cart),
          total: typeof cart.cartAmount === 'number' && cart.cartAmount >= 0 ? cart.cartAmount : null,
          currency: cart.currency && typeof cart.currency.code === 'string' ? cart.currency.code.slice(0, 8) : null
        };
        if (!event.email && !event.phone) return null;
        var said = JSON.stringify(event);
        if (remembered() === said) return null;
        event.id = String(cart.id).slice(0, 200) + ':' + hash(said);
        event.timestamp = new Date().toISOString();
        return fetch(INGEST_URL, {
          method: 'POST',
          mode: 'cors',
          credentials: 'omit',
          keepalive: true,
          headers: { 'Content-Type': 'text/plain' },
          body: JSON.stringify(event)
        }).then(function (response) {
          if (response.ok) remember(said);
          return response.status;
        }).catch(function () { return null; });
      });
    });
  }

  window.ReclaimStorefront = { capture: capture };
  capture();
  if (onCheckout()) {
    var started = Date.now();
    var timer = setInterval(function () {
      if (Date.now() - started > ${CHECKOUT_POLL_FOR_MS}) return clearInterval(timer);
      capture();
    }, ${CHECKOUT_POLL_MS});
  }
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') capture();
  });
})();
`;
}
