export { buildHttpServer, assertJsonBody, errorBody, parseJsonBody, type RouteModule } from './app.ts';
export {
  registerMetrics,
  bearerMatches,
  METRICS_PATH,
  type MetricFamily,
  type MetricSample,
  type MetricsCollector,
} from './metrics.ts';
export { metricLabel, forbiddenNames, routeLabel, sumByLabel, LABEL_MAX_LENGTH } from './metrics-rules.ts';
export { safeEqual, hmacSha256 } from './signatures.ts';
export { listenProblem, type ListenTarget } from './listen-errors.ts';
export {
  createHttpClient,
  retryAfterMs,
  HttpNetworkError,
  type HttpClient,
  type HttpClientOptions,
  type HttpResponse,
  type HttpRequest,
  type HttpMethod,
} from './client.ts';
export {
  addressClass,
  refusalOf,
  resolveTarget,
  PrivateAddressError,
  type AddressClass,
  type FetchGuard,
  type HostLookup,
  type ResolvedAddress,
} from './guard.ts';
export { retryAtFixedDelay, realSleep, type Sleep } from './retry.ts';
export {
  defineRoute,
  routeKey,
  pathParams,
  isBrandPath,
  type ApiRoute,
  type ApiCaller,
  type ApiBrand,
  type ApiGuard,
  type ApiInput,
  type ApiMethod,
  type NotFound,
} from './api/route.ts';
export {
  API_INFO,
  apiRoutes,
  apiRouteList,
  BRAND_NOT_FOUND,
  OPENAPI_PATH,
  STAFF_ONLY,
  type ApiOptions,
} from './api/plugin.ts';
export { openApiDocument, operationId, type OpenApiInfo } from './api/openapi.ts';
export {
  parseInput,
  idSchema,
  queryBoolean,
  queryTime,
  timestamp,
  money,
  page,
  pageQuery,
  errorSchema,
  refuseUnsafeText,
  timeZone,
  wholeNumber,
} from './api/schemas.ts';
export {
  assertSameOrigin,
  crossSiteMessage,
  readCookie,
  setRefreshCookie,
  clearRefreshCookie,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
} from './cookies.ts';
export { CONTENT_SECURITY_POLICY, isPanelDeepLink, PANEL_DIR, panelCacheControl } from './panel.ts';
