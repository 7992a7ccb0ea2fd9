import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import direction of ARCHITECTURE.md, proved on probe files: each probe is linted as if it
// sat at the given path, with the project's own ESLint configuration.

const eslint = new ESLint();

async function restrictedImports(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import/no-restricted-paths');
}

const IMPORT_RULES = ['import/no-restricted-paths', '@typescript-eslint/no-restricted-imports'];

async function lintErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => IMPORT_RULES.includes(message.ruleId ?? ''));
}

describe('client import boundaries (import/no-restricted-paths)', () => {
  const feature = "import { VisitForm } from '../features/visits/visit-form';\nexport const x = VisitForm;\n";

  it.each(['components', 'api', 'shell', 'lib'])('a file in %s/ may not import a feature', async (layer) => {
    expect(await restrictedImports(`src/client/${layer}/probe.tsx`, feature)).toHaveLength(1);
  });

  it('a feature may not import another feature’s files', async () => {
    const code = "import { VisitForm } from '../visits/visit-form';\nexport const x = VisitForm;\n";
    expect(await restrictedImports('src/client/features/properties/probe.tsx', code)).toHaveLength(1);
  });

  it('the data layer knows no UI, and components do not import the shell', async () => {
    const ui = "import { ErrorBox } from '../components/error-box';\nexport const x = ErrorBox;\n";
    expect(await restrictedImports('src/client/api/probe.ts', ui)).toHaveLength(1);
    const shell = "import { PageShell } from '../shell/page-shell';\nexport const x = PageShell;\n";
    expect(await restrictedImports('src/client/components/probe.tsx', shell)).toHaveLength(1);
  });

  it('allows imports inside a feature and downward', async () => {
    const inside = "import { VisitForm } from './visit-form';\nexport const x = VisitForm;\n";
    expect(await restrictedImports('src/client/features/visits/probe.tsx', inside)).toEqual([]);
    const down =
      "import { ErrorBox } from '../../components/error-box';\nimport { useVisit } from '../../api/visits';\nexport const x = [ErrorBox, useVisit];\n";
    expect(await restrictedImports('src/client/features/properties/probe.tsx', down)).toEqual([]);
  });

  it('Today is a route of the visits feature: it imports the visit’s pieces, and no other feature imports it', async () => {
    const piece = "import { TaskEvidence } from '../task-evidence';\nexport const x = TaskEvidence;\n";
    expect(await restrictedImports('src/client/features/visits/today/probe.tsx', piece)).toEqual([]);
    const today = "import { VisitStop } from '../visits/today/visit-stop';\nexport const x = VisitStop;\n";
    expect(await restrictedImports('src/client/features/properties/probe.tsx', today)).toHaveLength(1);
    const fromComponents =
      "import { VisitCompletion } from '../features/visits/visit-completion';\nexport const x = VisitCompletion;\n";
    expect(await restrictedImports('src/client/components/probe.tsx', fromComponents)).toHaveLength(1);
  });

  it('keeps the client and the server apart', async () => {
    const server = "import { createApp } from '../server/app';\nexport const x = createApp;\n";
    expect(await restrictedImports('src/client/probe.ts', server)).toHaveLength(1);
    const serverType = "import type { AppEnv } from '../server/types';\nexport type X = AppEnv;\n";
    expect(await restrictedImports('src/client/probe.ts', serverType)).toHaveLength(1);
  });

  // The one exception: the client takes URLs, inputs and answers from the route contract's type
  // (STYLE.md rule 17, api/contract.ts). A type import costs no byte of the bundle; a value import
  // would bring the whole server into the browser, so it stays an error.
  it('lets the client import the route contract, as a type only', async () => {
    const contract = "import type { ApiRoutes } from '../../server/api-routes';\nexport type X = ApiRoutes;\n";
    expect(await lintErrors('src/client/api/probe.ts', contract)).toEqual([]);
    const value = "import { apiRoutes } from '../../server/api-routes';\nexport const x = apiRoutes;\n";
    expect((await lintErrors('src/client/api/probe.ts', value)).map((m) => m.ruleId)).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
  });
});

describe('server module boundaries (import/no-restricted-paths)', () => {
  it('a module may not import another module’s files, only its index.ts', async () => {
    const internal = "import { insertVisits } from '../visits/visits.service';\nexport const x = insertVisits;\n";
    expect(await restrictedImports('src/server/modules/series/probe.ts', internal)).toHaveLength(1);
    const viaIndex = "import { insertVisits } from '../visits';\nexport const x = insertVisits;\n";
    expect(await restrictedImports('src/server/modules/series/probe.ts', viaIndex)).toEqual([]);
  });

  it('the rest of the server (app.ts, jobs) may not reach into a module either', async () => {
    const routes = "import { visitsRoutes } from './modules/visits/visits.routes';\nexport const x = visitsRoutes;\n";
    expect(await restrictedImports('src/server/probe.ts', routes)).toHaveLength(1);
    const job =
      "import { makeOccurrences } from '../modules/series/series.service';\nexport const x = makeOccurrences;\n";
    expect(await restrictedImports('src/server/jobs/probe.ts', job)).toHaveLength(1);
    const viaIndex = "import { visitsRoutes } from './modules/visits';\nexport const x = visitsRoutes;\n";
    expect(await restrictedImports('src/server/probe.ts', viaIndex)).toEqual([]);
  });

  it('allows a module’s files to import each other', async () => {
    const inside = "import { requireVisit } from './visit-rows';\nexport const x = requireVisit;\n";
    expect(await restrictedImports('src/server/modules/visits/probe.ts', inside)).toEqual([]);
  });
});

// import/no-cycle ignores `import type`; a circle of type imports still ties modules together,
// so this walk counts every relative import.
describe('no import circles, type imports included', () => {
  const root = path.resolve('src');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? files(file) : /\.tsx?$/.test(name) ? [file] : [];
    });
  const resolve = (from: string, specifier: string) =>
    ['.ts', '.tsx', '/index.ts']
      .map((ext) => path.resolve(path.dirname(from), specifier) + ext)
      .find((candidate) => {
        try {
          return statSync(candidate).isFile();
        } catch {
          return false;
        }
      });

  it('finds none in src/', () => {
    const graph = new Map<string, string[]>();
    for (const file of files(root)) {
      const imports = [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)]
        .map((match) => resolve(file, match[1]!))
        .filter((target): target is string => Boolean(target));
      graph.set(file, imports);
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') {
          cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(root, f)).join(' → '));
        } else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
