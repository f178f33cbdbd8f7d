import { describe, expect, it } from 'vitest';
import { codeSpans, missingNames, outsideReferences, repoIndex } from '../../../scripts/lib/references.mjs';

// A small repository in memory: its files and the text of its code.
const CODE: Record<string, string> = {
  'src/lib/signups/merge.ts': 'export function subscriberStatus(record) { return record.status; }',
  'src/lib/server/env.ts': "export const env = { SIGNUP_RATE_LIMIT: pick('SIGNUP_RATE_LIMIT') };",
  'netlify/functions/signups.ts': 'export default async (req) => appendEvent(req);',
  'scripts/serve.mjs': 'const port = process.env.PORT ?? 8888;',
  'netlify.toml': '[build.environment]\n  NODE_VERSION = "22"',
  'docs/site.md': 'The `siteOnlyWord` helper.\n',
  'README.md': 'export function readmeOnlyWord() {}\n',
};
const index = repoIndex(Object.keys(CODE), (file) => CODE[file]);
const misses = (doc: string) => missingNames(doc, index).map(({ line, name }) => `${line}: ${name}`);

describe('code names in backticks in docs', () => {
  it('flags a path, a file name, a function and an environment variable the repository does not have', () => {
    const doc = [
      'The store is `src/lib/signups/store.ts` and `netlify/functions/admin.ts`, see `src/lib/email/`.',
      'Merging lives in `store.ts`; `writeRecord()` writes and `listRecords(prefix)` lists.',
      '',
      'Set `MAIL_RETRY_LIMIT`, or `SITE_LAUNCHED=true`, and read `ConsentLedger`.',
    ].join('\n');
    expect(misses(doc)).toEqual([
      '1: src/lib/signups/store.ts',
      '1: netlify/functions/admin.ts',
      '1: src/lib/email',
      '2: store.ts',
      '2: writeRecord',
      '2: listRecords',
      '4: MAIL_RETRY_LIMIT',
      '4: SITE_LAUNCHED',
      '4: ConsentLedger',
    ]);
  });

  it('passes names the repository has: files, folders, brace lists, anchors, code words, settings', () => {
    const doc = [
      '`src/lib/signups/merge.ts`, `src/lib/signups/`, `netlify/functions`, `scripts/serve.mjs`, `merge.ts`,',
      '`src/lib/{signups/merge,server/env}.ts`, `docs/site.md#signups`, `./scripts/serve.mjs:3`, `README.md`.',
      '`subscriberStatus`, `subscriberStatus(record)`, `appendEvent()`, `SIGNUP_RATE_LIMIT`, `NODE_VERSION`.',
    ].join('\n');
    expect(misses(doc)).toEqual([]);
  });

  it('reports each file of a brace list that is missing', () => {
    expect(misses('`netlify/functions/{signups,confirm}.ts`')).toEqual(['1: netlify/functions/confirm.ts']);
  });

  it('does not flag prose, commands, routes, values or URLs in backticks', () => {
    const doc = [
      'Run `npm test` or `node scripts/missing.mjs --fast`; `POST /api/signups` answers `202` or `429`.',
      'Status `confirmed`, `Retry-After`, `Origin`, `{q}`, `{ id: "x" }`, `content-visibility: auto`, `#fff`.',
      'See `https://example.com/src/x.ts`, `/api/admin/*`, `.netlify/blobs-serve`, `dist/_headers`, `x-nf-*`.',
      'Keys `s/<time>-<subscriber>`, a value `text/plain`, `mail_limited`, `job.attempts`, `PORT`, `SIGKILL`.',
      'Extensions `.ts` and `.mjs`, a post `<slug>.md`, `src/lib/...`, `// @ts-check`, `import()`, `send()`, `x+tag@`.',
    ].join('\n');
    expect(misses(doc)).toEqual([]);
  });

  it('leaves fenced code blocks alone and reads a span over two lines of a paragraph', () => {
    const doc = [
      '```sh',
      'npm run `missingThing` src/nothing.ts',
      '```',
      'A span over two lines: `see the',
      'missingFunction` is prose.',
      'But `missingFunction` alone on line 6 is a name.',
    ].join('\n');
    expect(codeSpans(doc)).toEqual([
      { line: 4, code: 'see the missingFunction' },
      { line: 6, code: 'missingFunction' },
    ]);
    expect(misses(doc)).toEqual(['6: missingFunction']);
  });

  it('does not count words of docs or other prose files as code', () => {
    expect(misses('`siteOnlyWord` and `readmeOnlyWord()`')).toEqual(['1: siteOnlyWord', '1: readmeOnlyWord']);
  });
});

describe('references outside the repository', () => {
  it('flags a section sign, an issue number and "the spec", on the line they are on', () => {
    const text = 'ok line\nsee § 4.2\nfixes issue #12\nas the spec says\nspec sheet of the phone';
    expect(outsideReferences(text).map(({ line, why }) => `${line}: ${why}`)).toEqual([
      '2: section sign: cites a specification by section',
      '3: cites an issue tracker entry',
      '4: cites "the spec"',
    ]);
  });
});
