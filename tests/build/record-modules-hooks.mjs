// Module hooks for record-modules.mjs; they run on Node's hooks thread.
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

let file = '';
export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (resolved.url.startsWith('file:')) appendFileSync(file, `${fileURLToPath(resolved.url)}\n`);
  return resolved;
}
