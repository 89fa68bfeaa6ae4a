export { buildHttpServer, assertJsonBody, errorBody, type RouteModule, type HttpOptions } from './app.ts';
export { safeEqual, hmacSha256 } from './signatures.ts';
