// @ts-check
// Prints the folder graph of src/lib: which top-level folder imports which (type-only imports
// included), the folder circles and the pairs of folders that import each other both ways.
// Files directly in src/lib (base64url.ts, zod.ts, …) count as the folder "(root)".
// Usage: node scripts/lib-graph.mjs
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const LIB = resolve(import.meta.dirname, '../src/lib');

/** @param {string} dir @returns {string[]} */
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return walk(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });

/** @param {string} file */
const folderOf = (file) => {
  const parts = relative(LIB, file).split('/');
  return parts.length > 1 ? parts[0] : '(root)';
};

/** @param {string} from @param {string} spec @returns {string | null} */
const resolveLocal = (from, spec) => {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (statSync(c, { throwIfNoEntry: false })?.isFile()) return c;
  }
  return null;
};

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?[^'";]*?\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** @type {Map<string, Map<string, string[]>>} folder -> folder -> example files */
const graph = new Map();
for (const file of walk(LIB)) {
  const from = folderOf(file);
  for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = resolveLocal(file, m[1] ?? m[2] ?? m[3] ?? '');
    if (!target || !target.startsWith(LIB + '/')) continue;
    const to = folderOf(target);
    if (to === from || to === '(root)') continue;
    if (!graph.has(from)) graph.set(from, new Map());
    const row = /** @type {Map<string, string[]>} */ (graph.get(from));
    row.set(to, [...(row.get(to) ?? []), `${relative(LIB, file)} -> ${relative(LIB, target)}`]);
  }
}

const folders = [...graph.keys()].sort();
console.log('Folder graph of src/lib (folder -> folders it imports):');
for (const f of folders) console.log(`  ${f} -> ${[...(graph.get(f)?.keys() ?? [])].sort().join(', ')}`);

// Strongly connected components (Tarjan): each with more than one folder is a circle.
/** @type {Map<string, number>} */ const index = new Map();
/** @type {Map<string, number>} */ const low = new Map();
/** @type {string[]} */ const stack = [];
/** @type {string[][]} */ const components = [];
let counter = 0;
/** @param {string} v */
const connect = (v) => {
  index.set(v, counter);
  low.set(v, counter++);
  stack.push(v);
  for (const w of graph.get(v)?.keys() ?? []) {
    if (!index.has(w)) {
      connect(w);
      low.set(v, Math.min(/** @type {number} */ (low.get(v)), /** @type {number} */ (low.get(w))));
    } else if (stack.includes(w)) {
      low.set(v, Math.min(/** @type {number} */ (low.get(v)), /** @type {number} */ (index.get(w))));
    }
  }
  if (low.get(v) === index.get(v)) {
    /** @type {string[]} */ const c = [];
    let w;
    do c.push((w = /** @type {string} */ (stack.pop())));
    while (w !== v);
    if (c.length > 1) components.push(c.sort());
  }
};
for (const f of folders) if (!index.has(f)) connect(f);

console.log(`\nFolder circles (groups of folders that reach each other): ${components.length}`);
for (const c of components) console.log(`  ${c.length} folders: ${c.join(', ')}`);

const pairs = [];
for (const a of folders)
  for (const b of graph.get(a)?.keys() ?? []) if (a < b && graph.get(b)?.has(a)) pairs.push([a, b]);
console.log(`\nTwo-way pairs: ${pairs.length}`);
for (const [a, b] of pairs) {
  console.log(`  ${a} <-> ${b}`);
  for (const e of [...(graph.get(a)?.get(b) ?? []), ...(graph.get(b)?.get(a) ?? [])]) console.log(`      ${e}`);
}
process.exitCode = 0;
