export { buildHttpServer, assertJsonBody, errorBody, type RouteModule } from './app.ts';
export { safeEqual, hmacSha256 } from './signatures.ts';
export {
  createHttpClient,
  retryAfterMs,
  HttpNetworkError,
  type HttpClient,
  type HttpClientOptions,
  type HttpResponse,
  type HttpMethod,
} from './client.ts';
export { retryAtFixedDelay, realSleep, type Sleep } from './retry.ts';
