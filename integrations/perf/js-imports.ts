/**
 * Import specifiers of a built (usually minified) ES module: static `import`/`export ... from` and
 * dynamic `import("...")` with a literal specifier. Pattern based, tuned for bundler output such as
 * `import{a as b}from"./react-dom.BUV3Pspu.js"`, `import"./x.js"`, `export*from"./y.js"`.
 */

export interface ModuleImports {
  /** Specifiers loaded before the module runs (static imports and re-exports). */
  static: string[];
  /** Specifiers loaded on demand (`import("...")` with a string literal). */
  dynamic: string[];
}

// Keyword not preceded by an identifier character or a dot (so `x.import(` and `reimport` do not count).
const STATIC_RE =
  /(?<![\w$.])(?:import|export)(?=[\s{*"'`])\s*(?:(?:[\w$]+\s*,\s*)?(?:\*\s*as\s+[\w$]+|\*|\{[^{}]*\}|[\w$]+)\s*from\s*)?(["'`])([^"'`\n\r]+)\1/g;
const DYNAMIC_RE = /(?<![\w$.])import\s*\(\s*(["'`])([^"'`\n\r]+)\1\s*\)/g;

/** Keeps specifiers that point at files (relative, root-relative or absolute URLs), unique, in order. */
function fileSpecifiers(matches: Iterable<RegExpMatchArray>): string[] {
  const out: string[] = [];
  for (const m of matches) {
    const spec = m[2];
    if (!/^(\.{1,2}\/|\/|https?:\/\/)/.test(spec)) continue;
    if (!out.includes(spec)) out.push(spec);
  }
  return out;
}

/**
 * Lists a module's static and dynamic import specifiers (file-like specifiers only; bare package
 * names never appear in a browser bundle).
 * @param code JavaScript module source
 */
export function findImports(code: string): ModuleImports {
  const statics = fileSpecifiers(code.matchAll(STATIC_RE));
  const dynamic = fileSpecifiers(code.matchAll(DYNAMIC_RE)).filter((s) => !statics.includes(s));
  return { static: statics, dynamic };
}
