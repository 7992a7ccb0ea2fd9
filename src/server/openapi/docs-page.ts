import type { OpenApiDocument, OpenApiOperation } from './document';

// The API's reference page (GET /api/docs): plain HTML rendered from the OpenAPI document, no
// script and nothing fetched, so its CSP can forbid both (DOCS_PAGE_CSP).

/** Styles are one inline <style>; everything else is refused. */
export const DOCS_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

type JsonSchema = Record<string, unknown>;

/** A JSON Schema as a short TypeScript-like type: `{ id: string; name?: string | null }[]`. */
export function describeSchema(schema: JsonSchema | undefined, depth = 0): string {
  if (!schema || Object.keys(schema).length === 0) return 'any';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop()!;
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return union.map((member) => describeSchema(member, depth)).join(' | ');
  const type = schema.type;
  if (Array.isArray(type)) return type.join(' | ');
  if (type === 'array') {
    if (Array.isArray(schema.prefixItems)) {
      return `[${(schema.prefixItems as JsonSchema[]).map((item) => describeSchema(item, depth)).join(', ')}]`;
    }
    const item = describeSchema(schema.items as JsonSchema | undefined, depth);
    return item.includes(' ') && !item.startsWith('{') ? `(${item})[]` : `${item}[]`;
  }
  if (type === 'object' || schema.properties) {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const pad = '  '.repeat(depth + 1);
    const lines = Object.entries(properties).map(
      ([name, property]) => `${pad}${name}${required.has(name) ? '' : '?'}: ${describeSchema(property, depth + 1)};`,
    );
    const extra = schema.additionalProperties;
    if (extra && typeof extra === 'object') {
      lines.push(`${pad}[key: string]: ${describeSchema(extra as JsonSchema, depth + 1)};`);
    }
    if (lines.length === 0) return extra === false ? '{}' : 'object';
    return `{\n${lines.join('\n')}\n${'  '.repeat(depth)}}`;
  }
  return typeof type === 'string' ? type : 'any';
}

function renderOperation(method: string, path: string, operation: OpenApiOperation): string {
  const parameters = (operation.parameters ?? [])
    .map(
      (parameter) =>
        `<li><code>${escape(parameter.name)}</code> (${parameter.in}${parameter.required ? ', required' : ''}): <code>${escape(describeSchema(parameter.schema))}</code></li>`,
    )
    .join('');
  const body = operation.requestBody?.content['application/json']?.schema;
  const answers = Object.entries(operation.responses)
    .map(([status, response]) => {
      const schema = response.content?.['application/json']?.schema;
      return `<dt>${escape(status)}: ${escape(response.description)}</dt>${
        schema ? `<dd><pre>${escape(describeSchema(schema))}</pre></dd>` : ''
      }`;
    })
    .join('');
  return `<details id="${escape(operation.operationId)}"><summary><span class="m ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></summary>
${parameters ? `<h4>Parameters</h4><ul>${parameters}</ul>` : ''}
${body ? `<h4>Request body (JSON)</h4><pre>${escape(describeSchema(body))}</pre>` : ''}
<h4>Responses</h4><dl>${answers}</dl></details>`;
}

/** The whole page: one section per tag, one collapsible entry per operation. */
export function renderDocsPage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, operation)]);
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([tag, operations]) =>
        `<section id="tag-${escape(tag)}"><h2>${escape(tag)}</h2>${operations.join('\n')}</section>`,
    )
    .join('\n');
  const index = [...byTag.keys()]
    .sort()
    .map((tag) => `<a href="#tag-${escape(tag)}">${escape(tag)}</a>`)
    .join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1a1b1e}
code,pre{font:13px/1.4 ui-monospace,monospace}pre{background:#f4f5f7;padding:.5rem;overflow:auto;border-radius:4px}
details{border-bottom:1px solid #e3e5e8;padding:.25rem 0}summary{cursor:pointer}
.m{display:inline-block;min-width:4.2rem;font-weight:600}.get{color:#1864ab}.post{color:#2b8a3e}.patch,.put{color:#a75f00}.delete{color:#c92a2a}
dt{font-weight:600}dd{margin:0 0 .5rem}h4{margin:.5rem 0 .25rem}
</style></head><body>
<h1>${escape(document.info.title)}</h1>
<p>${escape(document.info.description)}</p>
<p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escape(document.openapi)}).</p>
<nav>${index}</nav>
${sections}
</body></html>`;
}
