// @ts-check
// Fails when a comment, test or doc cites a document that is not in this repository (a product
// specification by section, planning notes, an issue tracker number). A newcomer who cloned only the repo
// cannot follow such a reference: state the rule, or link a section of docs/ instead. Run by `npm run lint`.
// Usage: node scripts/check-references.mjs [paths...]   (default: the folders below)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

const ROOTS = ['src', 'netlify', 'scripts', 'tests', 'public', 'docs', 'README.md'];
const SKIP_DIRS = new Set(['node_modules', '_astro', 'dist']);
// Blog posts are prose for readers ("the spec sheet"), not notes about the code.
const SKIP_PATHS = ['src/content/'];
const TEXT = new Set(['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.astro', '.md', '.css', '.json', '.html', '.txt']);
const SELF = 'scripts/check-references.mjs';

/** What counts as an outside reference, with the hint printed for it. */
const RULES = [
  { re: /§/, why: 'section sign: cites a specification by section' },
  { re: /\b(STACK|STYLE)\.md\b/, why: 'cites planning notes outside the repository' },
  { re: /(^|[^\w./-])shared\//, why: 'cites a path outside the repository' },
  { re: /\bissues? #?\d+\b/i, why: 'cites an issue tracker entry' },
  {
    re: / \(spec\)|\(spec(: (?![a-z]+[,)|])| [a-z])|\b(the|this|our) spec\b(?![-\w])|\bspec's\b/i,
    why: 'cites "the spec"',
  },
];

/** @param {string} path @returns {string[]} */
const walk = (path) => {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return [];
  if (st.isFile()) return TEXT.has(extname(path)) ? [path] : [];
  return readdirSync(path)
    .filter((name) => !SKIP_DIRS.has(name))
    .flatMap((name) => walk(join(path, name)));
};

const args = process.argv.slice(2);
const files = (args.length ? args : ROOTS)
  .flatMap(walk)
  .map((f) => relative('.', f))
  .filter((f) => f !== SELF && !SKIP_PATHS.some((p) => f.startsWith(p)));

let hits = 0;
for (const file of files) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const rule = RULES.find(({ re }) => re.test(line));
      if (!rule) return;
      hits += 1;
      console.log(`${file}:${i + 1}: ${rule.why}: ${line.trim().slice(0, 140)}`);
    });
}

if (hits) {
  console.error(
    `\ncheck-references: ${hits} reference(s) to documents outside the repository in ${files.length} files.\n` +
      'State the rule itself, or point to a section of docs/ (see docs/README.md).',
  );
  process.exit(1);
}
console.log(`check-references: ${files.length} files, no references outside the repository.`);
