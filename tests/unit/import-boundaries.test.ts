/**
 * The boundary between browser and server code, checked instead of only written in comments: nothing
 * the browser loads (islands, stores, `src/scripts`) may reach, through any chain of imports, a module
 * marked "Server only" or one that imports a server package (Blobs, SendGrid, Node built-ins).
 * Type-only imports are erased by the compiler and do not count.
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
function serverReason(code: string): string | null {
  if (/\bServer only\b/.test(code)) return 'marked "Server only"';
  const pkg = runtimeImports(code).find((s) => SERVER_PACKAGES.test(s));
  return pkg ? `imports ${pkg}` : null;
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
    const reason = serverReason(code);
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
  it('no browser code (islands, stores, src/scripts) reaches a server module through its imports', () => {
    const roots = BROWSER_ROOTS.flatMap((d) => filesUnder(path.join(ROOT, d)));
    expect(roots.length).toBeGreaterThan(20);
    expect(boundaryViolations(roots)).toEqual([]);
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
    expect(runtimeImports("import { type A, type B } from './x';")).toEqual([]);
    expect(runtimeImports("import { type A, b } from './x';")).toEqual(['./x']);
    expect(runtimeImports("const m = await import('./lazy');")).toEqual(['./lazy']);
  });
});
