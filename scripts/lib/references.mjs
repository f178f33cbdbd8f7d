// @ts-check
// Pure logic of scripts/check-references.mjs, which fails `npm run lint` when text in the repository
// points at something a newcomer who cloned only the repository cannot find:
// - a document outside it (a specification by section, planning notes, an issue tracker number), in
//   any comment, test or doc: state the rule, or link a section of docs/ instead;
// - a code name in backticks in docs/*.md or README.md (a path, a file name, an environment variable,
//   a function or other identifier) that is not in the repository: the doc drifted from the code.
// No I/O here, so tests/unit/scripts/check-references.test.ts covers it on text in memory.

/** What counts as an outside reference, with the hint printed for it. */
export const OUTSIDE_RULES = [
  { re: /§/, why: 'section sign: cites a specification by section' },
  { re: /\b(STACK|STYLE)\.md\b/, why: 'cites planning notes outside the repository' },
  { re: /(^|[^\w./-])shared\//, why: 'cites a path outside the repository' },
  { re: /\bissues? #?\d+\b/i, why: 'cites an issue tracker entry' },
  {
    re: / \(spec\)|\(spec(: (?![a-z]+[,)|])| [a-z])|\b(the|this|our) spec\b(?![-\w])|\bspec's\b/i,
    why: 'cites "the spec"',
  },
];

/**
 * Lines of `text` that cite a document outside the repository.
 * @param {string} text
 * @returns {{ line: number, why: string, text: string }[]}
 */
export function outsideReferences(text) {
  /** @type {{ line: number, why: string, text: string }[]} */
  const hits = [];
  text.split('\n').forEach((line, i) => {
    const rule = OUTSIDE_RULES.find(({ re }) => re.test(line));
    if (rule) hits.push({ line: i + 1, why: rule.why, text: line.trim() });
  });
  return hits;
}

/** The docs whose backticked code names must exist: README.md and docs/*.md. */
export const isNamedDoc = (/** @type {string} */ file) => file === 'README.md' || /^docs\/[^/]+\.md$/.test(file);

/** Folders whose code defines the identifiers and environment variables a doc may name. */
const CODE_ROOTS = ['src/', 'netlify/', 'scripts/', 'tests/', 'integrations/'];
const CODE_FILE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|astro)$/;
/** Files at the top of the repository that set or read environment variables and settings. */
const ROOT_CODE_FILE = /^(?:[^/]+\.(?:ts|mts|js|mjs|cjs)|netlify\.toml|\.env\.example)$/;

/** Extensions that make a backticked token a file name. */
const FILE_EXT = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|astro|md|mdx|json|css|html|toml|ya?ml|txt)$/;

/**
 * @typedef {{ files: Set<string>, dirs: Set<string>, basenames: Set<string>, folders: Set<string>, words: Set<string> }} RepoIndex
 */

/**
 * What a doc's code names are checked against: the repository's files (paths relative to its root,
 * `/`-separated) and the words of its code.
 * @param {string[]} files every file of the repository
 * @param {(file: string) => string} read the text of a file
 * @returns {RepoIndex}
 */
export function repoIndex(files, read) {
  /** @type {RepoIndex} */
  const index = { files: new Set(), dirs: new Set(), basenames: new Set(), folders: new Set(), words: new Set() };
  for (const file of files) {
    index.files.add(file);
    const parts = file.split('/');
    index.basenames.add(parts[parts.length - 1]);
    if (parts.length > 1) index.folders.add(parts[0]);
    for (let i = 1; i < parts.length; i += 1) index.dirs.add(parts.slice(0, i).join('/'));
    const isCode = CODE_ROOTS.some((root) => file.startsWith(root)) ? CODE_FILE.test(file) : ROOT_CODE_FILE.test(file);
    if (isCode) for (const [word] of read(file).matchAll(/[A-Za-z_$][\w$]*/g)) index.words.add(word);
  }
  return index;
}

/**
 * The inline code spans of a Markdown text (fenced code blocks left out), each with the line it starts
 * on. A span may run over several lines of one paragraph, as in Markdown.
 * @param {string} markdown
 * @returns {{ line: number, code: string }[]}
 */
export function codeSpans(markdown) {
  /** @type {string | null} */
  let fence = null;
  const prose = markdown.split('\n').map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && !line.trim().slice(marker.length))
        fence = null;
      return '';
    }
    if (marker) fence = marker;
    return marker ? '' : line;
  });
  const text = prose.join('\n');
  /** @type {{ line: number, code: string }[]} */
  const spans = [];
  const runs = [...text.matchAll(/`+/g)].map((m) => ({ at: m.index ?? 0, len: m[0].length }));
  for (let i = 0; i < runs.length; i += 1) {
    const open = runs[i];
    const close = runs.findIndex((r, j) => j > i && r.len === open.len);
    if (close < 0) continue;
    const code = text.slice(open.at + open.len, runs[close].at);
    if (/\n[ \t]*\n/.test(code)) continue; // a blank line ends the paragraph: no span
    spans.push({ line: text.slice(0, open.at).split('\n').length, code: code.replace(/\s*\n\s*/g, ' ').trim() });
    i = close;
  }
  return spans;
}

/** `a/{b,c}.ts` -> `a/b.ts`, `a/c.ts` (every brace group expanded). @param {string} path @returns {string[]} */
function expandBraces(path) {
  const m = /\{([^{}]*)\}/.exec(path);
  if (!m) return [path];
  return m[1]
    .split(',')
    .flatMap((alt) => expandBraces(path.slice(0, m.index) + alt + path.slice(m.index + m[0].length)));
}

/**
 * The code names a backticked span stands for, or none when it is prose, a command, a URL, a value.
 * - a path: no spaces, and either a slash after a top-level folder of the repository (`src/lib/x.ts`,
 *   `netlify/functions/`, an optional `#anchor` or `:line`) or a bare file name with a known
 *   extension (`merge.ts`);
 * - an ALL_CAPS_NAME with an underscore, also as `NAME=value` (then with or without an underscore);
 * - an identifier in camelCase or PascalCase (two humps at least), also as a call (`appendEvent()`,
 *   `kickJobs(origin, id)`). Single lowercase or capitalised words (`confirmed`, `Origin`) are skipped.
 * @param {string} code the span's text
 * @param {Set<string>} folders the repository's top-level folders
 * @returns {{ kind: 'path' | 'file' | 'word', name: string }[]}
 */
export function codeNames(code, folders) {
  const s = code.trim();
  const assignment = /^([A-Z][A-Z0-9_]*)=\S*$/.exec(s);
  if (assignment) return [{ kind: 'word', name: assignment[1] }];
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(s)) return [{ kind: 'word', name: s }];

  const callee = /^([A-Za-z_$][\w$]*)\(.*\);?$/.exec(s)?.[1];
  const ident = callee ?? s;
  if (/^[A-Za-z_$][\w$]*$/.test(ident)) {
    const humped = /[a-z]/.test(ident) && /[A-Z]/.test(ident.slice(1));
    return humped ? [{ kind: 'word', name: ident }] : [];
  }

  const path = s
    .replace(/^\.\//, '')
    .replace(/#[\w-]*$/, '')
    .replace(/:\d+(?::\d+)?$/, '');
  if (!/^[\w.@{},/-]+$/.test(path) || path.includes('//') || path.includes('...')) return [];
  if (path.includes('/')) {
    if (!folders.has(path.split('/')[0])) return [];
    return expandBraces(path).map((p) => ({ kind: 'path', name: p.replace(/\/$/, '') }));
  }
  if (FILE_EXT.test(path) && !path.startsWith('.') && !/[{}]/.test(path)) return [{ kind: 'file', name: path }];
  return [];
}

/**
 * The code names in a doc's backticks that are not in the repository.
 * @param {string} markdown
 * @param {RepoIndex} index
 * @returns {{ line: number, name: string }[]}
 */
export function missingNames(markdown, index) {
  /** @type {{ line: number, name: string }[]} */
  const misses = [];
  for (const { line, code } of codeSpans(markdown)) {
    for (const { kind, name } of codeNames(code, index.folders)) {
      const found =
        kind === 'path'
          ? index.files.has(name) || index.dirs.has(name)
          : kind === 'file'
            ? index.basenames.has(name)
            : index.words.has(name);
      if (!found) misses.push({ line, name });
    }
  }
  return misses;
}
