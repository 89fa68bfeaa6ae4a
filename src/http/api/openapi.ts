/**
 * The OpenAPI 3.1 document of the brand API, generated from the route registry: the same zod
 * schemas that validate a route's params, query and body (JSON Schema 2020-12, input side) and
 * its answer (output side).
 */
import { z } from 'zod';
import { errorSchema, idSchema } from './schemas.ts';
import { pathParams, type ApiRoute } from './route.ts';

type Json = Record<string, unknown>;

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as Json;
  return rest;
};

/** `GET /api/brands/:brandId/workflows/:workflowId` -> `getBrandsByBrandIdWorkflowsByWorkflowId`. */
export function operationId(route: Pick<ApiRoute, 'method' | 'path'>): string {
  const words = route.path
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `By${cap(segment.slice(1))}` : cap(segment)));
  return `${route.method.toLowerCase()}${words.join('')}`;
}
const cap = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** The properties of an object schema (input side) with their required flags. */
function fields(schema: z.ZodType | undefined): Array<{ name: string; schema: Json; required: boolean }> {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, Json>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    schema: property,
    required: required.has(name),
  }));
}

function parameters(route: ApiRoute): Json[] {
  const declared = new Map(fields(route.params).map((f) => [f.name, f.schema]));
  const inPath = pathParams(route.path).map((name) => {
    const schema = name === 'brandId' ? jsonSchema(idSchema(), 'input') : (declared.get(name) ?? { type: 'string' });
    const { description, ...rest } = schema;
    return { name, in: 'path', required: true, schema: rest, ...(description ? { description } : {}) };
  });
  const inQuery = fields(route.query).map(({ name, schema, required }) => {
    const { description, ...rest } = schema;
    return { name, in: 'query', required, schema: rest, ...(description ? { description } : {}) };
  });
  return [...inPath, ...inQuery];
}

const errorRef = (description: string): Json => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function responses(route: ApiRoute): Json {
  const status = String(route.status ?? 200);
  const out: Json = {
    [status]:
      status === '204'
        ? { description: route.summary }
        : {
            description: route.summary,
            content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
          },
  };
  if (route.query || route.body) out['400'] = errorRef('Invalid input: the message names each bad field.');
  if (!route.public) out['401'] = errorRef('No valid access token (`Invalid token`).');
  if (!route.public && route.path.includes(':'))
    out['404'] = errorRef('Unknown, or outside the brands the session may read (the same answer for both).');
  return out;
}

function operation(route: ApiRoute): Json {
  return {
    operationId: operationId(route),
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    parameters: parameters(route),
    ...(route.body
      ? {
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } },
        }
      : {}),
    responses: responses(route),
    security: route.public ? [] : [{ bearerAuth: [] }],
  };
}

/** The document: one path item per path, one operation per method. */
export function openApiDocument(routes: readonly ApiRoute[], info: OpenApiInfo): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    const template = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[template] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  const tags = [...new Set(routes.map((r) => r.tag))].sort().map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info,
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags,
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token from POST /api/auth/login or /api/auth/refresh.',
        },
      },
      schemas: { Error: jsonSchema(errorSchema, 'output') },
    },
  };
}
