/**
 * The brand API's plugin and document: the OpenAPI 3.1 document lists every registered route
 * with its inputs and answer, generated from the same zod schemas; answers leave only through
 * their schema; a declaration that cannot work is refused at start.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_GUARD } from '../../src/accounts/index.ts';
import type { AppContext } from '../../src/app/index.ts';
import { API_ROUTES } from '../../src/cli/index.ts';
import {
  apiRouteList,
  apiRoutes,
  buildHttpServer,
  defineRoute,
  idSchema,
  openApiDocument,
  page,
  pageQuery,
  pathParams,
  routeKey,
  timestamp,
  type ApiRoute,
} from '../../src/http/index.ts';
import { createBrandUser, TEST_PASSWORD } from '../factories/accounts.ts';
import { useTestDatabase } from '../helpers/db.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const JSON_SCHEMA_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/** Every schema object under a node: `type` is a JSON Schema type, `required` names properties. */
function checkSchema(schema: Json, where: string, problems: string[]): void {
  if (typeof schema !== 'object' || schema === null) return;
  for (const type of [schema.type ?? []].flat())
    if (!JSON_SCHEMA_TYPES.has(type)) problems.push(`${where}: type ${type}`);
  if (Array.isArray(schema.required))
    for (const name of schema.required)
      if (!schema.properties || !(name in schema.properties)) problems.push(`${where}: required ${name} undeclared`);
  for (const [key, value] of Object.entries(schema.properties ?? {}))
    checkSchema(value as Json, `${where}.${key}`, problems);
  if (schema.items) checkSchema(schema.items, `${where}[]`, problems);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const [i, part] of (schema[key] ?? []).entries()) checkSchema(part, `${where}.${key}[${i}]`, problems);
}

/** Problems of an OpenAPI 3.1 document's structure (empty when it is well formed). */
function documentProblems(doc: Json): string[] {
  const problems: string[] = [];
  if (doc.openapi !== '3.1.0') problems.push(`openapi ${doc.openapi}`);
  if (typeof doc.info?.title !== 'string' || typeof doc.info?.version !== 'string') problems.push('info');
  const ids = new Set<string>();
  const refs: string[] = [];
  JSON.stringify(doc, (key, value) => {
    if (key === '$ref') refs.push(value);
    return value;
  });
  for (const ref of refs) {
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<Json | undefined>((node, part) => node?.[part], doc);
    if (!ref.startsWith('#/') || target === undefined) problems.push(`unresolved $ref ${ref}`);
  }
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    if (!path.startsWith('/')) problems.push(`path ${path}`);
    const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const [method, op] of Object.entries<Json>(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) problems.push(`${where}: method`);
      if (!/^[a-zA-Z]+$/.test(op.operationId ?? '') || ids.has(op.operationId)) problems.push(`${where}: operationId`);
      ids.add(op.operationId);
      if (!op.summary) problems.push(`${where}: summary`);
      const seen = new Set<string>();
      for (const p of op.parameters ?? []) {
        if (!['path', 'query', 'header', 'cookie'].includes(p.in) || !p.name || !p.schema)
          problems.push(`${where}: ${p.name}`);
        if (seen.has(`${p.in}:${p.name}`)) problems.push(`${where}: duplicate ${p.name}`);
        seen.add(`${p.in}:${p.name}`);
        if (p.in === 'path' && (p.required !== true || !templated.includes(p.name)))
          problems.push(`${where}: ${p.name}`);
        checkSchema(p.schema, `${where} ${p.name}`, problems);
      }
      for (const name of templated) if (!seen.has(`path:${name}`)) problems.push(`${where}: undeclared {${name}}`);
      const ok = Object.entries<Json>(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      const [status, answer] = ok[0] ?? [];
      if (ok.length !== 1 || (status !== '204' && !answer?.content?.['application/json']?.schema))
        problems.push(`${where}: 2xx answer`);
      for (const [status, answer] of Object.entries<Json>(op.responses ?? {})) {
        if (!answer.description) problems.push(`${where}: ${status} description`);
        checkSchema(answer.content?.['application/json']?.schema ?? {}, `${where} ${status}`, problems);
      }
      if (!Array.isArray(op.security)) problems.push(`${where}: security`);
      for (const requirement of op.security ?? [])
        for (const scheme of Object.keys(requirement))
          if (!doc.components?.securitySchemes?.[scheme]) problems.push(`${where}: scheme ${scheme}`);
    }
  }
  return problems;
}

const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;
const routes = apiRouteList({ routes: API_ROUTES });

/** Routes that exist only here, to see what the plugin does with a wrong or leaky answer. */
const probeRoutes: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/probe/:thingId',
    tag: 'probe',
    summary: 'probe',
    params: z.object({ thingId: idSchema() }),
    notFound: { message: 'Thing not found', code: 'thing_not_found' },
    query: z.object({ ...pageQuery(10), wrong: z.enum(['true', 'false']).default('false') }),
    response: page(z.object({ id: z.number().int(), at: timestamp() })),
    handler: async ({ brand, params, query }) => {
      const item = { id: params.thingId, at: new Date(0), password: 'hunter2', brand_id: brand.id };
      return { items: [query.wrong === 'true' ? { ...item, id: 'x' as unknown as number } : item], total: 1, ...query };
    },
  }),
];

beforeAll(async () => {
  ctx = await t.context();
  app = await buildHttpServer(ctx, {
    routes: [apiRoutes({ routes: [...API_ROUTES, ...probeRoutes], guard: API_GUARD })],
    panel: false,
  });
});
afterAll(async () => {
  await app.close();
});

describe('the OpenAPI document at /api/openapi.json', () => {
  it('is well formed and lists every registered route, with the same inputs', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    const doc = answer.json();
    expect(documentProblems(doc)).toEqual([]);

    const operations = Object.values<Json>(doc.paths).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(routes.length + probeRoutes.length);
    for (const route of [...routes, ...probeRoutes]) {
      const op = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(op, routeKey(route)).toBeDefined();
      expect(op.summary).toBe(route.summary);
      expect(op.parameters.filter((p: Json) => p.in === 'path').map((p: Json) => p.name)).toEqual(
        pathParams(route.path),
      );
      expect(op.security).toEqual(route.public ? [] : [{ bearerAuth: [] }]);
    }

    const list = doc.paths['/api/brands/{brandId}/conversations'].get;
    const query = Object.fromEntries(
      list.parameters.filter((p: Json) => p.in === 'query').map((p: Json) => [p.name, p]),
    );
    expect(Object.keys(query).sort()).toEqual(
      [
        'checkout_state',
        'exclude_checkout_state',
        'from',
        'has_response',
        'is_hidden',
        'is_historical',
        'is_unread',
        'limit',
        'offset',
        'q',
        'to',
        'workflow_id',
      ].sort(),
    );
    expect(query.limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000, default: 100 });
    expect(query.is_hidden.schema).toMatchObject({ type: 'string', enum: ['true', 'false'] });
    const answerSchema = list.responses['200'].content['application/json'].schema;
    expect(answerSchema.required).toEqual(['items', 'total', 'offset', 'limit']);
    expect(answerSchema.properties.items.items.properties.created_at).toMatchObject({
      type: 'string',
      format: 'date-time',
    });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('the structure check itself refuses a broken document', () => {
    const doc = openApiDocument(routes, { title: 'x', version: '1' }) as Json;
    const op = doc.paths['/api/brands/{brandId}/workflows/{workflowId}'].get;
    op.parameters = op.parameters.filter((p: Json) => p.name !== 'workflowId');
    op.responses['404'].content['application/json'].schema.$ref = '#/components/schemas/Nope';
    expect(documentProblems(doc)).toEqual([
      'unresolved $ref #/components/schemas/Nope',
      'GET /api/brands/{brandId}/workflows/{workflowId}: undeclared {workflowId}',
    ]);
  });
});

describe('answers leave only through their schema', () => {
  let token: string;
  let brandId: number;
  beforeAll(async () => {
    const member = await createBrandUser(t.db);
    brandId = member.brandId;
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.user.email, password: TEST_PASSWORD },
    });
    token = login.json().access_token;
  });
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('drops undeclared fields and writes times as ISO 8601 UTC', async () => {
    const answer = await get(`/api/brands/${brandId}/probe/7?limit=5`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      items: [{ id: 7, at: '1970-01-01T00:00:00.000Z' }],
      total: 1,
      offset: 0,
      limit: 5,
    });
    expect(answer.body).not.toContain('hunter2');
  });

  it('an answer that does not match its schema is a 500 with the generic message', async () => {
    const answer = await get(`/api/brands/${brandId}/probe/7?wrong=true`);
    expect(answer.statusCode).toBe(500);
    expect(answer.json().error.kind).toBe('internal');
    expect(answer.body).not.toContain('hunter2');
  });

  it('bad query input is a 400 naming the field; a path id that does not parse answers like an unknown one', async () => {
    const bad = await get(`/api/brands/${brandId}/probe/7?limit=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ kind: 'invalid_input', code: 'invalid_body' });
    expect(bad.json().error.message).toMatch(/^Invalid query: limit: /);
    const notAnId = await get(`/api/brands/${brandId}/probe/abc`);
    expect(notAnId.statusCode).toBe(404);
    expect(notAnId.json()).toEqual({
      error: { kind: 'not_found', code: 'thing_not_found', message: 'Thing not found' },
    });
    const brand = await get(`/api/brands/abc/probe/7`);
    expect(brand.json()).toEqual({ error: { kind: 'not_found', code: null, message: 'Brand not found' } });
  });
});

describe('a route declaration that cannot work is refused at start', () => {
  const route = (over: Partial<ApiRoute>): ApiRoute =>
    defineRoute({
      method: 'GET',
      path: '/api/brands/:brandId/things/:thingId',
      tag: 't',
      summary: 's',
      params: z.object({ thingId: idSchema() }),
      response: z.object({}),
      handler: async () => ({}),
      ...(over as object),
    });
  it.each([
    [
      'a path param the schema does not declare',
      { params: undefined },
      /params schema declares \[\], the path has \[thingId\]/,
    ],
    ['a path outside /api/', { path: '/brands/:brandId/things/:thingId' }, /start with \/api\//],
    ['a public brand route', { public: true }, /cannot be public/],
  ] as const)('%s', (_what, over, message) => {
    expect(() => apiRoutes({ routes: [route(over as Partial<ApiRoute>)], guard: API_GUARD })).toThrow(message);
  });
  it('the same method and path twice', () => {
    expect(() => apiRoutes({ routes: [route({}), route({})], guard: API_GUARD })).toThrow(/registered twice/);
  });
});
