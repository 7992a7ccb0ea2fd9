import { readFileSync } from 'node:fs';
import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generateResponses, RESPONSES_FILE, sourcesHash, type ResponsesFile } from '../../scripts/openapi-responses';
import { apiRoutes } from '../../src/server/api-routes';
import { buildOpenApiDocument, openApiDocument, openApiPath, type OpenApiDocument } from '../../src/server/openapi';
import { jsonBody, queryOf } from '../../src/server/validate';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

/** What OpenAPI 3.1 asks of a document's structure, for the parts this one uses. */
function structuralProblems(document: OpenApiDocument): string[] {
  const problems: string[] = [];
  if (document.openapi !== '3.1.0') problems.push('openapi is not 3.1.0');
  if (!document.info?.title || !document.info?.version) problems.push('info needs a title and a version');
  const ids = new Set<string>();
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.startsWith('/')) problems.push(`${path}: a path starts with /`);
    if (/[:*]/.test(path)) problems.push(`${path}: a Hono pattern left in a path`);
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name!);
    for (const [method, operation] of Object.entries(methods)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!(METHODS as readonly string[]).includes(method)) problems.push(`${where}: unknown method`);
      if (ids.has(operation.operationId)) problems.push(`${where}: operationId ${operation.operationId} twice`);
      ids.add(operation.operationId);
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      for (const name of templated) {
        if (!declared.some((parameter) => parameter.name === name && parameter.required)) {
          problems.push(`${where}: path parameter ${name} is not declared as required`);
        }
      }
      for (const parameter of declared) {
        if (!templated.includes(parameter.name)) problems.push(`${where}: ${parameter.name} is not in the path`);
      }
      const seen = new Set<string>();
      for (const parameter of operation.parameters ?? []) {
        const key = `${parameter.in} ${parameter.name}`;
        if (seen.has(key)) problems.push(`${where}: parameter ${key} twice`);
        seen.add(key);
        if (typeof parameter.schema !== 'object') problems.push(`${where}: parameter ${key} has no schema`);
      }
      if (Object.keys(operation.responses).length === 0) problems.push(`${where}: no responses`);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status)) problems.push(`${where}: response key ${status}`);
        if (!response.description) problems.push(`${where}: response ${status} has no description`);
      }
    }
  }
  // Every $ref points into the document.
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref') {
          const target = String(inner)
            .replace(/^#\//, '')
            .split('/')
            .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], document);
          if (target === undefined) problems.push(`$ref ${String(inner)} points nowhere`);
        } else visit(inner);
      }
    }
  };
  visit(document);
  return problems;
}

describe('the OpenAPI document', () => {
  const document = openApiDocument();

  it('lists every operation of apiRoutes, and nothing else', () => {
    const routes = [
      ...new Set(
        apiRoutes.routes
          .filter((route) => route.method !== 'ALL')
          .map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`),
      ),
    ].sort();
    const listed = operationsOf(document)
      .map(({ method, path }) => `${method} ${path}`)
      .sort();
    expect(routes.length).toBeGreaterThan(100);
    expect(listed).toEqual(routes);
  });

  it('is structurally valid OpenAPI 3.1', () => {
    expect(structuralProblems(document)).toEqual([]);
  });

  it("loads in Prism's own reader, one HTTP operation per operation", async () => {
    const operations = await getHttpOperationsFromSpec(structuredClone(document) as never);
    expect(operations).toHaveLength(operationsOf(document).length);
  });

  it('documents an error body for every 4xx and 5xx, and a JSON answer where the handler gives one', () => {
    for (const { method, path, operation } of operationsOf(document)) {
      expect(operation.responses['4XX']?.content?.['application/json']?.schema, `${method} ${path}`).toEqual({
        $ref: '#/components/schemas/ErrorBody',
      });
    }
    const property = document.paths['/api/properties/{id}']!.get!.responses['200']!;
    const schema = property.content!['application/json']!.schema as { required: string[] };
    expect(schema.required).toEqual(expect.arrayContaining(['id', 'name', 'address', 'createdAt']));
    expect(document.paths['/api/properties/{id}']!.delete!.responses['204']).toEqual({ description: 'No content' });
    // A Date in a row is a string in JSON, and so in the document.
    expect((schema as unknown as { properties: Record<string, unknown> }).properties.createdAt).toEqual({
      type: 'string',
    });
  });

  it('takes request bodies and query parameters from the schemas of jsonBody and queryOf', () => {
    const input = z.object({ name: z.string().min(1), count: z.number().int().optional() });
    const query = z.object({ q: z.string().optional(), limit: z.coerce.number().default(25) });
    const app = new Hono()
      .post('/things/:id', jsonBody(input), (c) => c.json({ ok: true }, 201))
      .get('/things', queryOf(query), (c) => c.json([]));
    const built = buildOpenApiDocument(app.routes, {
      errorBody: { type: 'object' },
      operations: {
        'POST /things/:id': [{ status: 201, format: 'json', schema: { type: 'object' } }],
        'GET /things': [{ status: 200, format: 'json', schema: { type: 'array' } }],
      },
    });
    const post = built.paths['/api/things/{id}']!.post!;
    expect(post.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 }, count: { type: 'integer' } },
      required: ['name'],
    });
    expect(post.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    // Input side: a defaulted field is optional to the client.
    expect(built.paths['/api/things']!.get!.parameters).toEqual([
      { name: 'q', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'limit', in: 'query', required: false, schema: expect.objectContaining({ type: 'number' }) },
    ]);
    expect(structuralProblems(built)).toEqual([]);
  });
});

describe('responses.json', () => {
  const committed = JSON.parse(readFileSync(RESPONSES_FILE, 'utf8')) as ResponsesFile;

  // The quick path: the files the schemas were read from are unchanged. Otherwise the generator
  // runs (≈ 20–60 s) and its answer must equal the committed one.
  it('is what the route types give now (npx tsx scripts/openapi-responses.ts writes it)', { timeout: 300_000 }, () => {
    if (sourcesHash(committed.sources.files) === committed.sources.hash) return;
    const fresh = generateResponses();
    expect(
      { errorBody: committed.errorBody, operations: committed.operations },
      'responses.json is stale: run npx tsx scripts/openapi-responses.ts',
    ).toEqual({ errorBody: fresh.errorBody, operations: fresh.operations });
  });
});

describe('serving', () => {
  it('GET /api/openapi.json answers the document without a session, cacheable, with a 304 on its ETag', async () => {
    const response = await t.request('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    const etag = response.headers.get('etag')!;
    const again = await t.request('/api/openapi.json', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('GET /api/docs is a self-contained page of every operation, under a CSP that allows no script', async () => {
    const response = await t.request('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    const html = await response.text();
    expect(html).not.toMatch(/<script|<link|src="http|href="http/i);
    for (const { operation } of operationsOf(openApiDocument()))
      expect(html).toContain(`id="${operation.operationId}"`);
  });
});
