/**
 * The README's structure tree names every folder a newcomer will open: each folder of src/, src/lib/,
 * netlify/, tests/ and scripts/, and every top-level folder of the repository that git tracks.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);

/** The folders directly under `parent` ('' for the top level) that hold a tracked file. */
function foldersUnder(parent: string): string[] {
  const prefix = parent ? `${parent}/` : '';
  const names = tracked
    .filter((f) => f.startsWith(prefix) && f.slice(prefix.length).includes('/'))
    .map((f) => f.slice(prefix.length).split('/')[0]!)
    .filter((n) => !n.startsWith('.'));
  return [...new Set(names)].sort();
}

/** The fenced block under "## Structure" in README.md. */
function structureTree(readme: string): string {
  const section = readme.split(/^## Structure\s*$/m)[1] ?? '';
  return /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
}

/** Whether the tree names `folder` as a folder: `name/` as its own word (`a/, b/` lists count). */
const names = (tree: string, folder: string) =>
  new RegExp(`(^|[\\s,(])${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`, 'm').test(tree);

describe('README structure tree', () => {
  const tree = structureTree(readFileSync('README.md', 'utf8'));

  it('has a tree', () => {
    expect(tree.split('\n').length).toBeGreaterThan(20);
  });

  it.each(['', 'src', 'src/lib', 'netlify', 'tests', 'scripts'])('names every folder under %s', (parent) => {
    const missing = foldersUnder(parent).filter((f) => !names(tree, f));
    expect(missing, `folders under ${parent || 'the top level'} missing from the README tree`).toEqual([]);
  });

  it('notices a folder the tree leaves out', () => {
    expect(names('  lib/   logic\n    email/   mail', 'email')).toBe(true);
    expect(names('  lib/   logic\n    blog/, shop/   content', 'shop')).toBe(true);
    expect(names('  lib/   logic\n    subscribers.ts', 'subscribers')).toBe(false);
  });
});
