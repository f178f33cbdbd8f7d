// @ts-check
// Fails when text in the repository points at something that is not in it (the rules and why:
// scripts/lib/references.mjs):
// - a comment, test or doc that cites a document outside the repository (a product specification by
//   section, planning notes, an issue tracker number);
// - a code name in backticks in docs/*.md or README.md (a path, a file name, an environment variable,
//   a function) that no file or code of the repository has.
// Run by `npm run lint`.
// Usage: node scripts/check-references.mjs [paths...]   (default: the folders below)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { isNamedDoc, missingNames, outsideReferences, repoIndex } from './lib/references.mjs';

const ROOTS = ['src', 'netlify', 'scripts', 'integrations', 'tests', 'public', 'docs', 'bench', 'README.md'];
const SKIP_DIRS = new Set(['node_modules', '_astro', 'dist']);
// Blog posts are prose for readers ("the spec sheet"), not notes about the code.
const SKIP_PATHS = ['src/content/'];
const TEXT = new Set(['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.astro', '.md', '.css', '.json', '.html', '.txt']);
// The check's own rules and tests name the things they catch.
const SELF = [
  'scripts/check-references.mjs',
  'scripts/lib/references.mjs',
  'tests/unit/scripts/check-references.test.ts',
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
  .map((f) => relative('.', f).split('\\').join('/'))
  .filter((f) => !SELF.includes(f) && !SKIP_PATHS.some((p) => f.startsWith(p)));

let outside = 0;
for (const file of files) {
  for (const hit of outsideReferences(readFileSync(file, 'utf8'))) {
    outside += 1;
    console.log(`${file}:${hit.line}: ${hit.why}: ${hit.text.slice(0, 140)}`);
  }
}

// "In the repository": the files git tracks or would add (ignored build output and local data left out),
// as they are in the working tree now.
const docs = files.filter(isNamedDoc);
let missing = 0;
if (docs.length) {
  const repoFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((f) => f && existsSync(f));
  const index = repoIndex(repoFiles, (f) => (SELF.includes(f) ? '' : readFileSync(f, 'utf8')));
  for (const file of docs) {
    for (const { line, name } of missingNames(readFileSync(file, 'utf8'), index)) {
      missing += 1;
      console.log(`${file}:${line}: \`${name}\` is not in the repository`);
    }
  }
}

if (outside || missing) {
  if (outside)
    console.error(
      `\ncheck-references: ${outside} reference(s) to documents outside the repository in ${files.length} files.\n` +
        'State the rule itself, or point to a section of docs/ (see docs/README.md).',
    );
  if (missing)
    console.error(
      `\ncheck-references: ${missing} code name(s) in backticks in ${docs.length} docs are not in the repository.\n` +
        'Name the file, variable or function the code has now, or write the words without backticks.',
    );
  process.exit(1);
}
console.log(
  `check-references: ${files.length} files, no references outside the repository; ` +
    `${docs.length} docs name only code that exists.`,
);
