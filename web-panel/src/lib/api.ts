/**
 * The brand API's types as the panel reads them, from the generated api-types.ts (openapi-typescript
 * over /api/openapi.json): a feature names the path and method, never re-declares an answer's shape.
 *
 *   type Page = ApiAnswer<'/api/brands/{brandId}/conversations'>; // GET's 200 answer
 *   type Saved = ApiAnswer<'/api/brands/{brandId}/workflows', 'post'>; // POST's 201 answer
 */
import type { paths } from './api-types.ts';

export type ApiPath = keyof paths;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<P extends ApiPath, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;

/** The JSON of an operation's success answer (200, else 201, else 202). */
export type ApiAnswer<P extends ApiPath, M extends Method = 'get'> =
  Operation<P, M> extends { responses: infer R }
    ? R extends { 200: infer A }
      ? JsonOf<A>
      : R extends { 201: infer A }
        ? JsonOf<A>
        : R extends { 202: infer A }
          ? JsonOf<A>
          : never
    : never;

/** The JSON body an operation takes. */
export type ApiBody<P extends ApiPath, M extends Method = 'post'> =
  Operation<P, M> extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;

/** The query parameters an operation takes. */
export type ApiQuery<P extends ApiPath, M extends Method = 'get'> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** One item of a list answer's `items`. */
export type ApiItem<P extends ApiPath, M extends Method = 'get'> =
  ApiAnswer<P, M> extends { items: Array<infer I> } ? I : never;
