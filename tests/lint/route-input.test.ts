import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ExtractSchema } from 'hono/types';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { ApiRoutes } from '../../src/server/api-routes';
import type { listPropertiesQuery, propertyInput } from '../../src/shared/schemas/properties';
import type { updateVisitTaskInput } from '../../src/shared/schemas/visits';

// One typed contract: every route reads its input through the validating middlewares of
// src/server/validate.ts (`jsonBody`, `queryOf`, then `c.req.valid(…)`), so the schema is part of
// the route, of its type (`ApiRoutes`) and of the OpenAPI document. This check reads the modules'
// source and fails when a handler reads its body or query by hand. It is also run on a probe that
// breaks it, so a check that catches nothing fails too.

const SERVER = 'src/server';
const MODULES = path.join(SERVER, 'modules');
/** Route files outside the modules. */
const OTHER_ROUTE_FILES = [path.join(SERVER, 'auth', 'verify-email.ts')];

/** Reading the request by hand: its body or query string. */
const BY_HAND_CALLS = /\.req\.(json|text|query|queries|parseBody|formData|arrayBuffer|blob)$/;
const BY_HAND_FUNCTIONS = new Set(['parseBody', 'parseQuery', 'parseWith']);

/**
 * The real exceptions, `file: code` → why. Uploads are multipart streams that busboy reads as
 * they arrive (with a size limit); `jsonBody` would read the whole body into memory first.
 */
const ALLOWED: Record<string, string> = {
  'photos.routes.ts: c.req.raw':
    'a photo upload: the raw stream goes to receiveUpload (busboy, 10 MB limit) as it arrives',
  'photos.routes.ts: parseWith(photoFields, upload.fields)': 'the upload’s text fields, read from the stream by busboy',
  'visits.routes.ts: c.req.raw':
    'a signature upload: the raw stream goes to receiveSignature (busboy, 1 MB limit) as it arrives',
  'visits.routes.ts: parseWith(signatureFields, upload.fields)':
    'the upload’s text fields, read from the stream by busboy',
  'quotes.routes.ts: c.req.raw':
    'an approval with its signature: the raw stream goes to receiveSignature (busboy, 1 MB limit) as it arrives',
  'quotes.routes.ts: parseWith(approveQuoteFields, sent)': 'the approval’s text fields, read from the stream by busboy',
  'payments.routes.ts: c.req.text(':
    'a Stripe webhook: the signature is over the raw bytes, so the body is read as text and parsed only once verified',
};

interface Finding {
  file: string;
  line: number;
  key: string;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** Where a file reads a request's body or query by hand (`c.req.json()`, `parseBody(c, …)`, the raw request…). */
function readsByHand(file: string, source: string): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const add = (node: ts.Node, code: string) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    findings.push({ file, line: line + 1, key: `${path.basename(file)}: ${code}` });
  };
  walk(sf, (node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(sf);
      if (BY_HAND_CALLS.test(callee)) add(node, `${callee}(`);
      if (ts.isIdentifier(node.expression) && BY_HAND_FUNCTIONS.has(node.expression.text)) {
        add(node, node.getText(sf).replace(/\s+/g, ' '));
      }
    }
    // The raw request, except its headers: its body can be read from it by hand.
    if (ts.isPropertyAccessExpression(node) && /\.req\.raw$/.test(node.getText(sf))) {
      const parent = node.parent;
      const readsHeaders = ts.isPropertyAccessExpression(parent) && parent.name.text === 'headers';
      if (!readsHeaders) add(node, node.getText(sf).replace(/^\w+\./, 'c.'));
    }
  });
  return findings;
}

describe('routes read their input through jsonBody and queryOf', () => {
  const files = [...routeFiles(MODULES), ...OTHER_ROUTE_FILES];

  it('no handler reads its body or query by hand (the exceptions are listed, with their reason)', () => {
    const findings = files.flatMap((file) => readsByHand(file, readFileSync(file, 'utf8')));
    const unexplained = findings.filter((found) => !(found.key in ALLOWED));
    expect(unexplained.map((found) => `${found.file}:${found.line} ${found.key}`)).toEqual([]);
    // An exception that no longer happens is taken off the list.
    const used = new Set(findings.map((found) => found.key));
    expect(Object.keys(ALLOWED).filter((key) => !used.has(key))).toEqual([]);
  });

  it('catches each way of reading by hand (a probe that breaks the rule)', () => {
    const probe = `
      export const probeRoutes = new Hono()
        .post('/a', async (c) => c.json(await create(await c.req.json())))
        .get('/b', (c) => c.json(list(c.req.query('q'), c.req.queries('tag'))))
        .post('/c', async (context) => c.json(await update(await parseBody(context, input))))
        .get('/d', (c) => c.json(list(parseQuery(c, listQuery))))
        .post('/e', async (c) => c.json(parseWith(input, JSON.parse(await c.req.text()))))
        .post('/f', async (c) => c.json(await c.req.raw.json()))
        .post('/g', async (c) => c.json(await c.req.parseBody()))
        .post('/h', jsonBody(input), async (c) => c.json(await save(c.req.valid('json'), c.req.raw.headers)));
    `;
    expect(readsByHand('probe.routes.ts', probe).map((found) => found.key)).toEqual([
      'probe.routes.ts: c.req.json(',
      'probe.routes.ts: c.req.query(',
      'probe.routes.ts: c.req.queries(',
      'probe.routes.ts: parseBody(context, input)',
      'probe.routes.ts: parseQuery(c, listQuery)',
      'probe.routes.ts: parseWith(input, JSON.parse(await c.req.text()))',
      'probe.routes.ts: c.req.text(',
      'probe.routes.ts: c.req.raw',
      'probe.routes.ts: c.req.parseBody(',
    ]);
  });

  it('the contract types each input from its schema (checked by tsc)', () => {
    type Api = ExtractSchema<ApiRoutes>;
    expectTypeOf<Api['/properties']['$post']['input']['json']>().toEqualTypeOf<z.input<typeof propertyInput>>();
    expectTypeOf<Api['/properties']['$get']['input']['query']>().toEqualTypeOf<z.input<typeof listPropertiesQuery>>();
    expectTypeOf<Api['/visits/:id/tasks/:taskId']['$patch']['input']['json']>().toEqualTypeOf<
      z.input<typeof updateVisitTaskInput>
    >();
  });
});
