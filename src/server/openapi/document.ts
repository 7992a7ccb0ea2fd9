import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { apiRoutes } from '../api-routes';
import { schemaOfMiddleware, type InputTarget } from '../validate';
import responsesFile from './responses.json';

// The OpenAPI 3.1 document of /api, built from the routes themselves: every operation of
// `apiRoutes`, its input from the zod schema its validating middleware records, its answers
// from responses.json (the types Hono infers from each `c.json`, written by
// scripts/openapi-responses.ts), and `ErrorBody` for every error.

type JsonSchema = Record<string, unknown>;

interface ResponseEntry {
  status: number | 'default';
  format: string;
  schema: JsonSchema;
}

/** What scripts/openapi-responses.ts writes (its `sources` are not needed here). */
export interface ResponseSchemas {
  errorBody: JsonSchema;
  operations: Record<string, ResponseEntry[]>;
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const ERROR_REF = { $ref: '#/components/schemas/ErrorBody' };
const ERROR_CONTENT = { 'application/json': { schema: ERROR_REF } };

/** `/visits/:id/tasks/:taskId` → `/api/visits/{id}/tasks/{taskId}`. */
export const openApiPath = (honoPath: string) => `/api${honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}')}`;

/** Each operation of a Hono app's routes: method, path and the schemas of its validated inputs. */
export function apiOperations(routes: RouterRoute[] = apiRoutes.routes) {
  const operations = new Map<string, { method: string; path: string; inputs: Map<InputTarget, $ZodType> }>();
  for (const route of routes) {
    if (!METHODS.has(route.method)) continue; // `.use()` middlewares (method ALL)
    const key = `${route.method} ${route.path}`;
    const operation = operations.get(key) ?? { method: route.method, path: route.path, inputs: new Map() };
    const recorded = schemaOfMiddleware.get(route.handler);
    if (recorded) operation.inputs.set(recorded.target, recorded.schema);
    operations.set(key, operation);
  }
  return [...operations.values()];
}

/** A zod schema as the JSON Schema of what a client sends (before defaults and transforms). */
function inputSchema(schema: $ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  if (json.$defs) throw new Error('A request schema with $defs needs its definitions moved to components');
  return json;
}

function queryParameters(schema: $ZodType): OpenApiParameter[] {
  const json = inputSchema(schema);
  const required = new Set((json.required as string[] | undefined) ?? []);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

function answers(responses: ResponseSchemas, method: string, honoPath: string): OpenApiOperation['responses'] {
  const entries = responses.operations[`${method} ${honoPath}`];
  if (!entries)
    throw new Error(`responses.json has no ${method} ${honoPath}: run npx tsx scripts/openapi-responses.ts`);
  const result: OpenApiOperation['responses'] = {};
  for (const { status, format, schema } of entries) {
    const key = String(status);
    if (format === 'json') {
      result[key] = { description: describeStatus(status), content: { 'application/json': { schema } } };
    } else if (format === 'text') {
      result[key] = { description: describeStatus(status), content: { 'text/plain': { schema: { type: 'string' } } } };
    } else if (format === 'untyped') {
      result[key] = { description: 'A file or a stream (its type is in docs/api.md), or a redirect' };
    } else {
      result[key] = { description: describeStatus(status) };
    }
  }
  result['4XX'] = { description: 'The request is refused: `ErrorBody` says why', content: ERROR_CONTENT };
  result['5XX'] = { description: 'The server or its database failed: `ErrorBody`', content: ERROR_CONTENT };
  return result;
}

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted (the e-mail goes out through the outbox)',
  '204': 'No content',
  '303': 'See other',
  '304': 'Not modified',
};
const describeStatus = (status: number | 'default') => STATUS_TEXT[String(status)] ?? 'The answer';

/** `GET /visits/:id/tasks` → `getVisitsByIdTasks`: stable and unique, from the method and path. */
const operationIdOf = (method: string, honoPath: string) =>
  method.toLowerCase() +
  honoPath
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      (segment.startsWith(':') ? `By-${segment.slice(1)}` : segment)
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((word) => word[0]!.toUpperCase() + word.slice(1))
        .join(''),
    )
    .join('');

/** The document of `routes` (mounted at /api), with the answers `responses` gives each. */
export function buildOpenApiDocument(routes: RouterRoute[], responses: ResponseSchemas): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const { method, path: honoPath, inputs } of apiOperations(routes)) {
    const tag = honoPath.split('/')[1]!.replace(/\.csv$/, '');
    tags.add(tag);
    const parameters: OpenApiParameter[] = [...honoPath.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => ({
      name: name!,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const query = inputs.get('query');
    if (query) parameters.push(...queryParameters(query));
    const body = inputs.get('json');
    const operation: OpenApiOperation = {
      operationId: operationIdOf(method, honoPath),
      tags: [tag],
      summary: `${method} ${openApiPath(honoPath)}`,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(body
        ? { requestBody: { required: true, content: { 'application/json': { schema: inputSchema(body) } } } }
        : {}),
      responses: answers(responses, method, honoPath),
    };
    (paths[openApiPath(honoPath)] ??= {})[method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rounds API',
      version: '1',
      description:
        'The JSON API under /api. Rules, errors and examples are in docs/api.md. Sign-up, sign-in and ' +
        "sessions are better-auth's endpoints under /api/auth/*, not listed here (their shapes are " +
        "better-auth's). Every write needs the app's own Origin (or Sec-Fetch-Site: same-origin).",
    },
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: { schemas: { ErrorBody: responses.errorBody } },
  };
}

let built: OpenApiDocument | undefined;

/** The document, built once per process (the routes do not change while it runs). */
export function openApiDocument(): OpenApiDocument {
  return (built ??= buildOpenApiDocument(apiRoutes.routes, responsesFile as unknown as ResponseSchemas));
}
