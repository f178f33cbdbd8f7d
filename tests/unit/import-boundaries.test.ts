/**
 * The boundary between browser and server code, checked instead of only written in comments: nothing
 * the browser loads (islands, stores, `src/scripts`, and every lib module marked "Imported by browser
 * code") may reach, through any chain of imports, server code: a module in a `server/` folder, one
 * marked "Server only", or one that imports a server package (Blobs, SendGrid, Node built-ins).
 * Type-only imports are erased by the compiler and do not count.
 *
 * And the order of the domains (docs/architecture.md, "Layers"): a folder of `src/lib` imports only
 * from folders in lower layers, type-only imports included, so no two folders import each other and
 * no circle runs between folders.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const BROWSER_ROOTS = ['src/islands', 'src/stores', 'src/scripts'];
const SERVER_PACKAGES = /^(@netlify\/blobs|@netlify\/functions|@sendgrid\/mail|node:|fs$|path$|crypto$)/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

/** Every module specifier a file names in an import or re-export, type-only ones included. */
function allImports(code: string): string[] {
  const statement = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?[^'";]*?\s*from\s*['"]([^'"]+)['"]/g;
  const bare = /(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;
  const dynamic = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  return [...code.matchAll(statement), ...code.matchAll(bare), ...code.matchAll(dynamic)].map((m) => m[1]!);
}

/** Import circles among `files` (each as 'a.ts -> b.ts -> a.ts'), type-only imports included. */
function importCircles(files: string[], { read, resolve }: SourceReader = disk): string[] {
  const rel = (f: string) => path.relative(ROOT, f);
  const edges = new Map(files.map((f) => [f, allImports(read(f)).flatMap((s) => resolve(f, s) ?? [])] as const));
  const circles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string): void => {
    state.set(f, 'open');
    stack.push(f);
    for (const g of edges.get(f) ?? []) {
      if (state.get(g) === 'open') circles.push([...stack.slice(stack.indexOf(g)), g].map(rel).join(' -> '));
      else if (!state.has(g) && edges.has(g)) visit(g);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return circles;
}

/** Module specifiers a file imports at run time (static, re-exports and import()), type-only ones left out. */
function runtimeImports(code: string): string[] {
  const specs: string[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const m of code.matchAll(statement)) {
    if (m[2]) continue; // import type … / export type …
    const names = m[3] ?? '';
    // `import { type A, type B } from` imports nothing at run time.
    const braced = /^\{([^}]*)\}$/.exec(names.trim());
    if (braced && braced[1]!.split(',').every((n) => !n.trim() || /^type\s/.test(n.trim()))) continue;
    specs.push(m[4]!);
  }
  for (const m of code.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) specs.push(m[1]!);
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) specs.push(m[1]!);
  return specs;
}

function resolveLocal(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile() && /\.(ts|tsx)$/.test(candidate)) return candidate;
    } catch {
      /* not this one */
    }
  }
  return null;
}

/** Why a module is server code, or null. */
function serverReason(code: string, file = ''): string | null {
  if (/(^|\/)src\/lib\/(.+\/)?server\//.test(path.relative(ROOT, file))) return 'in a server/ folder';
  if (/\bServer only\b/.test(code)) return 'marked "Server only"';
  const pkg = runtimeImports(code).find((s) => SERVER_PACKAGES.test(s));
  return pkg ? `imports ${pkg}` : null;
}

/**
 * The layers of `src/lib`, bottom first (docs/architecture.md, "Layers"). A folder imports only from
 * folders of lower layers; files directly in `src/lib` (base64url.ts, zod.ts, …) form the bottom one
 * and import no folder.
 * A new folder must be given a layer here.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['(root)'],
  ['server', 'http', 'site'],
  ['jobs', 'gate', 'catalogue', 'walls', 'blog'],
  ['recommender'],
  ['subscribers'],
  ['email'],
  ['signups'],
  ['campaigns'],
  ['admin'],
  ['shop'],
  ['composition'],
];
const LIB = path.join(ROOT, 'src/lib');

/** The top-level folder of `src/lib` a file is in ('(root)' for files directly in it), or null outside `src/lib`. */
function libFolder(file: string): string | null {
  const rel = path.relative(LIB, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0]! : '(root)';
}

function layerOf(folder: string, layers = LAYERS): number {
  return layers.findIndex((l) => l.includes(folder));
}

/** Folder-level imports of `files` in `src/lib`: folder -> folder -> the file imports that make the edge. */
function folderGraph(files: string[], { read, resolve }: SourceReader = disk): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of files) {
    const from = libFolder(file);
    if (from === null) continue;
    for (const spec of allImports(read(file))) {
      const target = resolve(file, spec);
      const to = target && libFolder(target);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const row = graph.get(from)!;
      row.set(to, [...(row.get(to) ?? []), `${path.relative(ROOT, file)} -> ${path.relative(ROOT, target)}`]);
    }
  }
  return graph;
}

/** Every import that does not go down the order, as a message naming both folders. */
function layerViolations(graph: Map<string, Map<string, string[]>>, layers = LAYERS): string[] {
  const out: string[] = [];
  for (const [from, row] of graph) {
    for (const [to, edges] of row) {
      const a = layerOf(from, layers);
      const b = layerOf(to, layers);
      if (a === -1 || b === -1) {
        out.push(`src/lib/${a === -1 ? from : to} has no layer: add it to LAYERS (and to docs/architecture.md)`);
        continue;
      }
      if (b < a) continue;
      const how = b === a ? 'the same layer as' : 'a layer above';
      for (const edge of edges)
        out.push(`${from} (layer ${a}) may not import ${to} (layer ${b}, ${how} ${from}): ${edge}`);
    }
  }
  return out;
}

/** Circles between folders (each as 'a -> b -> a'). */
function folderCircles(graph: Map<string, Map<string, string[]>>): string[] {
  const circles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string): void => {
    state.set(f, 'open');
    stack.push(f);
    for (const g of graph.get(f)?.keys() ?? []) {
      if (state.get(g) === 'open') circles.push([...stack.slice(stack.indexOf(g)), g].join(' -> '));
      else if (!state.has(g)) visit(g);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of [...graph.keys()].sort()) if (!state.has(f)) visit(f);
  return circles;
}

interface SourceReader {
  read: (file: string) => string;
  resolve: (from: string, spec: string) => string | null;
}
const disk: SourceReader = { read: (f) => readFileSync(f, 'utf8'), resolve: resolveLocal };

/** Chains from a browser file to server code: 'a.tsx -> b.ts -> c.ts (marked "Server only")'. */
function boundaryViolations(roots: string[], { read, resolve }: SourceReader = disk): string[] {
  const rel = (f: string) => path.relative(ROOT, f);
  const found: string[] = [];
  const seen = new Set<string>();
  const queue: { file: string; chain: string[] }[] = roots.map((file) => ({ file, chain: [rel(file)] }));
  while (queue.length) {
    const { file, chain } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = read(file);
    const reason = serverReason(code, file);
    if (reason) {
      found.push(`${chain.join(' -> ')} (${reason})`);
      continue;
    }
    for (const spec of runtimeImports(code)) {
      const target = resolve(file, spec);
      if (target && !seen.has(target)) queue.push({ file: target, chain: [...chain, rel(target)] });
    }
  }
  return found;
}

describe('import boundaries', () => {
  it('every folder of src/lib has a layer, and each folder imports only from lower layers', () => {
    const folders = readdirSync(LIB, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => layerOf(f) === -1)).toEqual([]);
    expect(layerViolations(folderGraph(filesUnder(LIB)))).toEqual([]);
  });

  it('no circle between the folders of src/lib, type-only imports included', () => {
    expect(folderCircles(folderGraph(filesUnder(LIB)))).toEqual([]);
  });

  it('no module of src/lib is over 500 lines (a longer one holds more than one concept: split it)', () => {
    const long = filesUnder(LIB)
      .map((f) => ({ file: path.relative(ROOT, f), lines: readFileSync(f, 'utf8').split('\n').length }))
      .filter((m) => m.lines > 500)
      .map((m) => `${m.file}: ${m.lines} lines`);
    expect(long).toEqual([]);
  });

  it('reports an upward import naming both folders, and a circle between folders', () => {
    const files: Record<string, string> = {
      [path.join(LIB, 'subscribers/store.ts')]: "import type { Receipt } from '../campaigns/store';",
      [path.join(LIB, 'campaigns/store.ts')]: "import { getSubscriber } from '../subscribers/store';",
      [path.join(LIB, 'server/env.ts')]: "import { SITE } from '../site/config';",
      [path.join(LIB, 'site/config.ts')]: 'export const SITE = {};',
    };
    const memory: SourceReader = {
      read: (f) => files[f] ?? '',
      resolve: (from, spec) => {
        const base = path.resolve(path.dirname(from), spec);
        return [base, `${base}.ts`].find((c) => c in files) ?? null;
      },
    };
    const graph = folderGraph(Object.keys(files), memory);
    expect(layerViolations(graph)).toEqual([
      'subscribers (layer 4) may not import campaigns (layer 7, a layer above subscribers): ' +
        'src/lib/subscribers/store.ts -> src/lib/campaigns/store.ts',
      'server (layer 1) may not import site (layer 1, the same layer as server): ' +
        'src/lib/server/env.ts -> src/lib/site/config.ts',
    ]);
    expect(folderCircles(graph)).toEqual(['campaigns -> subscribers -> campaigns']);
    expect(layerViolations(graph, [['campaigns', 'server', 'site']])).toContain(
      'src/lib/subscribers has no layer: add it to LAYERS (and to docs/architecture.md)',
    );
  });

  it('no browser code (islands, stores, src/scripts) reaches a server module through its imports', () => {
    const marked = filesUnder(path.join(ROOT, 'src/lib')).filter((f) =>
      /Imported by browser code/.test(readFileSync(f, 'utf8')),
    );
    const roots = [...BROWSER_ROOTS.flatMap((d) => filesUnder(path.join(ROOT, d))), ...marked];
    expect(roots.length).toBeGreaterThan(20);
    expect(marked.length).toBeGreaterThan(0);
    expect(boundaryViolations(roots)).toEqual([]);
  });

  it('no import circle in src, type-only imports included', () => {
    expect(importCircles(filesUnder(path.join(ROOT, 'src')))).toEqual([]);
  });

  it('finds an import circle, also one closed by a type-only import', () => {
    const files: Record<string, string> = {
      [path.join(ROOT, 'src/lib/a.ts')]: "import { b } from './b';",
      [path.join(ROOT, 'src/lib/b.ts')]: "import type { C } from './c';",
      [path.join(ROOT, 'src/lib/c.ts')]: "export { a } from './a';",
      [path.join(ROOT, 'src/lib/d.ts')]: "import { a } from './a';",
    };
    const memory: SourceReader = {
      read: (f) => files[f] ?? '',
      resolve: (from, spec) => {
        const base = path.resolve(path.dirname(from), spec);
        return [base, `${base}.ts`].find((c) => c in files) ?? null;
      },
    };
    expect(importCircles(Object.keys(files), memory)).toEqual([
      'src/lib/a.ts -> src/lib/b.ts -> src/lib/c.ts -> src/lib/a.ts',
    ]);
  });

  it('finds a server module behind a chain, and ignores type-only imports', () => {
    const files: Record<string, string> = {
      [path.join(ROOT, 'src/islands/A.tsx')]: "import { b } from '../lib/b';\nimport type { T } from '../lib/s';",
      [path.join(ROOT, 'src/lib/b.ts')]: "import { s } from './s';\nexport const b = s;",
      [path.join(ROOT, 'src/lib/s.ts')]: "/** Server only. */\nimport { getStore } from '@netlify/blobs';",
    };
    const memory: SourceReader = {
      read: (f) => files[f] ?? '',
      resolve: (from, spec) => {
        const base = path.resolve(path.dirname(from), spec);
        return [base, `${base}.ts`, `${base}.tsx`].find((c) => c in files) ?? null;
      },
    };
    const violations = boundaryViolations([path.join(ROOT, 'src/islands/A.tsx')], memory);
    expect(violations).toEqual(['src/islands/A.tsx -> src/lib/b.ts -> src/lib/s.ts (marked "Server only")']);
    const inServerFolder = path.join(ROOT, 'src/lib/signups/server/handler.ts');
    files[path.join(ROOT, 'src/lib/b.ts')] = "import { h } from './signups/server/handler';";
    files[inServerFolder] = 'export const h = 1;';
    expect(boundaryViolations([path.join(ROOT, 'src/islands/A.tsx')], memory)).toEqual([
      'src/islands/A.tsx -> src/lib/b.ts -> src/lib/signups/server/handler.ts (in a server/ folder)',
    ]);
    expect(runtimeImports("import { type A, type B } from './x';")).toEqual([]);
    expect(runtimeImports("import { type A, b } from './x';")).toEqual(['./x']);
    expect(runtimeImports("const m = await import('./lazy');")).toEqual(['./lazy']);
  });
});
