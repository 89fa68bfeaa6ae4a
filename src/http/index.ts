export { buildHttpServer, assertJsonBody, errorBody, type RouteModule, type HttpOptions } from './app.ts';
export { safeEqual, hmacSha256 } from './signatures.ts';
export {
  createHttpClient,
  retryAfterMs,
  HttpNetworkError,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_RETRY_AFTER_CAP_MS,
  type HttpClient,
  type HttpClientOptions,
  type HttpRequest,
  type HttpResponse,
  type HttpMethod,
  type Backoff,
} from './client.ts';
export { retrying, retryAtFixedDelay, realSleep, type Sleep, type FixedDelayOptions } from './retry.ts';
