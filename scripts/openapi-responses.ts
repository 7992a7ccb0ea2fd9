// Writes src/server/openapi/responses.json: the JSON Schema of every response of `ApiRoutes`,
// read from the types Hono infers from each handler's `c.json(...)` (the responses have no zod
// schema; their TypeScript types are the contract). `--check` compares instead of writing.
//
//   npx tsx scripts/openapi-responses.ts [--check]
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
export const RESPONSES_FILE = path.join(ROOT, 'src/server/openapi/responses.json');
const ENTRY = path.join(ROOT, 'src/server/api-routes.ts');

type JsonSchema = Record<string, unknown>;

/** One answer of one operation: its status, the format Hono records, and the body's schema. */
export interface ResponseEntry {
  status: number | 'default';
  format: string;
  schema: JsonSchema;
}

export interface ResponsesFile {
  /** What the schemas were read from: a quick test that they are current (see `sourcesHash`). */
  sources: { hash: string; files: string[] };
  /** `ErrorBody` of src/shared/schemas/common.ts: every 4xx and 5xx of /api. */
  errorBody: JsonSchema;
  /** `"GET /properties/:id"` (Hono's path, relative to /api) → its answers. */
  operations: Record<string, ResponseEntry[]>;
}

/** The packages whose types shape the responses besides our own files. */
const TYPE_PACKAGES = ['hono', 'typescript', 'zod', 'drizzle-orm'];

/** One hash of the files' contents and the packages' versions. */
export function sourcesHash(files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\0${readFileSync(path.join(ROOT, file), 'utf8')}\0`);
  for (const name of TYPE_PACKAGES) {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    };
    hash.update(`${name}@${manifest.version}\0`);
  }
  return hash.digest('hex');
}

export function generateResponses(): ResponsesFile {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const program = ts.createProgram({ rootNames: [ENTRY], options: { ...config.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(ENTRY)!;
  const moduleSymbol = checker.getSymbolAtLocation(source)!;
  const apiRoutes = checker.getExportsOfModule(moduleSymbol).find((symbol) => symbol.name === 'apiRoutes')!;
  const honoType = checker.getTypeOfSymbolAtLocation(apiRoutes, source) as ts.TypeReference;
  const [, schemaType] = checker.getTypeArguments(honoType);
  if (!schemaType) throw new Error('apiRoutes has no schema type argument');

  const toSchema = schemaWriter(checker);
  const common = program.getSourceFile(path.join(ROOT, 'src/shared/schemas/common.ts'))!;
  const errorBodySymbol = checker
    .getExportsOfModule(checker.getSymbolAtLocation(common)!)
    .find((symbol) => symbol.name === 'ErrorBody')!;
  const errorBody = toSchema(checker.getDeclaredTypeOfSymbol(errorBodySymbol));
  const files = program
    .getSourceFiles()
    .map((file) => path.relative(ROOT, file.fileName))
    .filter((file) => !file.startsWith('node_modules') && !file.startsWith('..'))
    .sort();
  const result: ResponsesFile['operations'] = {};
  // `.route()` adds each sub-app's schema as one more member of a union.
  const pathSymbols = (schemaType.isUnion() ? schemaType.types : [schemaType]).flatMap((member) =>
    checker.getPropertiesOfType(member),
  );
  for (const pathSymbol of pathSymbols) {
    const methods = checker.getTypeOfSymbol(pathSymbol);
    for (const methodSymbol of checker.getPropertiesOfType(methods)) {
      const method = methodSymbol.name.replace(/^\$/, '').toUpperCase();
      const endpoints = checker.getTypeOfSymbol(methodSymbol);
      const byStatus = new Map<string, { status: number | 'default'; format: string; outputs: ts.Type[] }>();
      for (const endpoint of endpoints.isUnion() ? endpoints.types : [endpoints]) {
        const prop = (name: string) => {
          const symbol = endpoint.getProperty(name);
          return symbol ? checker.getTypeOfSymbol(symbol) : undefined;
        };
        const statusType = prop('status');
        const formatType = prop('outputFormat');
        // A handler that returns a plain `Response` (a file, a CSV stream) has no typed format.
        const format = formatType?.isStringLiteral() ? formatType.value : 'untyped';
        const status = format === 'untyped' ? 'default' : statusOf(statusType);
        const key = `${status} ${format}`;
        const entry = byStatus.get(key) ?? { status, format, outputs: [] };
        const output = prop('output');
        if (output) entry.outputs.push(output);
        byStatus.set(key, entry);
      }
      const key = `${method} ${pathSymbol.name}`;
      if (result[key]) throw new Error(`${key} is declared twice`);
      result[key] = [...byStatus.values()]
        .map(({ status, format, outputs }) => ({
          status,
          format,
          schema: format === 'json' ? anyOf(outputs.map((output) => toSchema(output))) : {},
        }))
        .sort((a, b) => String(a.status).localeCompare(String(b.status)) || a.format.localeCompare(b.format));
    }
  }
  return {
    sources: { hash: sourcesHash(files), files },
    errorBody,
    operations: Object.fromEntries(Object.entries(result).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/**
 * A literal status as it is; `c.json(body)` without one types its status as every contentful
 * code, and answers 200.
 */
function statusOf(type: ts.Type | undefined): number | 'default' {
  if (type?.isNumberLiteral()) return type.value;
  if (type?.isUnion() && type.types.some((member) => member.isNumberLiteral() && member.value === 200)) return 200;
  return 'default';
}

const anyOf = (schemas: JsonSchema[]): JsonSchema => {
  const unique = [...new Map(schemas.map((schema) => [JSON.stringify(schema), schema])).values()];
  return unique.length === 1 ? unique[0]! : { anyOf: unique };
};

/**
 * A TypeScript type → JSON Schema, for the types Hono leaves after `JSONParsed` (dates already
 * strings, functions gone): primitives, literals, unions, objects, records, arrays and tuples.
 */
function schemaWriter(checker: ts.TypeChecker) {
  const visiting = new Set<ts.Type>();
  const write = (type: ts.Type): JsonSchema => {
    const flags = type.flags;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (flags & ts.TypeFlags.Never) return { not: {} };
    if (flags & ts.TypeFlags.Null) return { type: 'null' };
    if (flags & ts.TypeFlags.StringLiteral) return { type: 'string', const: (type as ts.StringLiteralType).value };
    if (flags & ts.TypeFlags.NumberLiteral) return { type: 'number', const: (type as ts.NumberLiteralType).value };
    if (flags & ts.TypeFlags.BooleanLiteral) return { type: 'boolean', const: checker.typeToString(type) === 'true' };
    if (flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral)) return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (flags & ts.TypeFlags.EnumLiteral && type.isUnion()) return write(type);
    if (type.isUnion()) return union(type.types);
    if (visiting.has(type)) return {}; // a recursive type: its inner levels are left open
    visiting.add(type);
    try {
      if (checker.isTupleType(type)) {
        const items = checker.getTypeArguments(type as ts.TypeReference).map(write);
        return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
      }
      if (checker.isArrayType(type)) {
        const [item] = checker.getTypeArguments(type as ts.TypeReference);
        return { type: 'array', items: item ? write(item) : {} };
      }
      if (flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) return object(type);
      return {};
    } finally {
      visiting.delete(type);
    }
  };

  const union = (members: ts.Type[]): JsonSchema => {
    const present = members.filter((member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const booleans = present.filter((member) => member.flags & ts.TypeFlags.BooleanLiteral);
    const strings = present.filter((member) => member.isStringLiteral()) as ts.StringLiteralType[];
    const rest = present.filter((member) => !(member.flags & ts.TypeFlags.BooleanLiteral) && !member.isStringLiteral());
    const schemas: JsonSchema[] = [];
    if (strings.length === 1) schemas.push(write(strings[0]!));
    else if (strings.length > 1) schemas.push({ type: 'string', enum: strings.map((s) => s.value).sort() });
    if (booleans.length === 2) schemas.push({ type: 'boolean' });
    else if (booleans.length === 1) schemas.push(write(booleans[0]!));
    schemas.push(...rest.map(write));
    if (schemas.some((schema) => Object.keys(schema).length === 0)) return {};
    return anyOf(schemas);
  };

  const object = (type: ts.Type): JsonSchema => {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const symbol of checker.getPropertiesOfType(type)) {
      const propertyType = checker.getTypeOfSymbol(symbol);
      if (propertyType.getCallSignatures().length > 0) continue; // JSON drops functions
      const optional =
        (symbol.flags & ts.SymbolFlags.Optional) !== 0 ||
        (propertyType.isUnion() && propertyType.types.some((t) => t.flags & ts.TypeFlags.Undefined)) ||
        (propertyType.flags & ts.TypeFlags.Undefined) !== 0;
      if (propertyType.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Never)) continue;
      properties[symbol.name] = write(propertyType);
      if (!optional) required.push(symbol.name);
    }
    const schema: JsonSchema = { type: 'object', properties };
    if (required.length > 0) schema.required = required;
    const index = checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & ts.TypeFlags.String);
    schema.additionalProperties = index ? write(index.type) : false;
    return schema;
  };

  return write;
}

const serialize = (responses: ResponsesFile) => `${JSON.stringify(responses, null, 2)}\n`;

/** True when the committed file is what the types give now. */
export function responsesAreCurrent(): { current: boolean; expected: string } {
  const expected = serialize(generateResponses());
  const committed = readFileSync(RESPONSES_FILE, 'utf8');
  return { current: committed === expected, expected };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const started = Date.now();
  if (process.argv.includes('--check')) {
    const { current } = responsesAreCurrent();
    console.log(
      current ? 'responses.json is current' : 'responses.json is stale: run npx tsx scripts/openapi-responses.ts',
    );
    process.exit(current ? 0 : 1);
  }
  const responses = generateResponses();
  writeFileSync(RESPONSES_FILE, serialize(responses));
  console.log(
    `${Object.keys(responses.operations).length} operations written to ${path.relative(ROOT, RESPONSES_FILE)} in ${Date.now() - started} ms`,
  );
}
