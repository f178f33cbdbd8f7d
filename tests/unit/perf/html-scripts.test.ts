import { describe, expect, it } from 'vitest';
import { decodeEntities, extractScripts, parseAttributes } from '../../../integrations/perf/html-scripts';
import { findImports } from '../../../integrations/perf/js-imports';
import { detectFrameworks } from '../../../integrations/perf/framework';

describe('extractScripts', () => {
  it('lists inline JavaScript, script src and modulepreload, and skips data blocks and comments', () => {
    const html = `<head>
      <script>window.a = 1</script>
      <script type="application/ld+json">{"@type":"Article"}</script>
      <script type="importmap">{"imports":{}}</script>
      <!-- <script src="/_astro/old.js"></script> -->
      <link rel="modulepreload" href="/_astro/pre.js">
      <link rel="stylesheet" href="/_astro/a.css">
      </head><body><script type=module src='/_astro/page.js'></script><script type="module">import "/_astro/x.js"</script></body>`;
    const s = extractScripts(html);
    expect(s.inline).toEqual(['window.a = 1', 'import "/_astro/x.js"']);
    expect(s.urls).toEqual([
      { kind: 'script', url: '/_astro/page.js' },
      { kind: 'modulepreload', url: '/_astro/pre.js' },
    ]);
    expect(s.islands).toEqual([]);
  });

  it('reads Astro islands with their directive, component name, renderer and before-hydration URLs', () => {
    const html =
      '<astro-island uid="x" component-url="/_astro/Wizard.A.js" component-export="default" renderer-url="/_astro/client.B.js" before-hydration-url="/_astro/bh.C.js" props="{}" ssr client="visible" opts="{&quot;name&quot;:&quot;PhoneWizard&quot;,&quot;value&quot;:true}"></astro-island>';
    const s = extractScripts(html);
    expect(s.islands).toEqual([
      {
        name: 'PhoneWizard',
        directive: 'visible',
        componentUrl: '/_astro/Wizard.A.js',
        rendererUrl: '/_astro/client.B.js',
        beforeHydrationUrl: '/_astro/bh.C.js',
      },
    ]);
    expect(s.urls.map((u) => [u.kind, u.directive])).toEqual([
      ['island-component', 'visible'],
      ['island-renderer', 'visible'],
      ['island-before-hydration', 'visible'],
    ]);
  });

  it('parses quoted, unquoted and boolean attributes and decodes entities', () => {
    expect(parseAttributes(` a="1" b='2' c=3 ssr D="x&amp;y"`)).toEqual({ a: '1', b: '2', c: '3', ssr: '', d: 'x&y' });
    expect(decodeEntities('&quot;&#39;&#x41;&lt;')).toBe(`"'A<`);
  });
});

describe('findImports', () => {
  it('finds static imports and re-exports in minified bundler output', () => {
    const code =
      'import{i as e,n as t}from"./react-dom.BUV3Pspu.js";import"./side.js";import d from"../d.js";import f,{g}from"/_astro/f.js";import*as ns from"./ns.js";export*from"./all.js";export{q as r}from"./q.js";';
    expect(findImports(code)).toEqual({
      static: ['./react-dom.BUV3Pspu.js', './side.js', '../d.js', '/_astro/f.js', './ns.js', './all.js', './q.js'],
      dynamic: [],
    });
  });

  it('tells dynamic import() apart and ignores look-alikes', () => {
    const code =
      'let a=()=>import("./lazy.js");obj.import("./not-a-module.js");var important="x";const s=`reimport "./nope.js"`;import("react");';
    expect(findImports(code)).toEqual({ static: [], dynamic: ['./lazy.js'] });
  });
});

describe('detectFrameworks', () => {
  it('recognises React runtime code by strings that survive minification', () => {
    expect(detectFrameworks('var t=Symbol.for(`react.transitional.element`)')).toEqual(['react']);
    expect(detectFrameworks('throw Error("https://react.dev/errors/"+e)')).toEqual(['react']);
  });

  it('finds none in plain scripts', () => {
    expect(detectFrameworks('document.querySelectorAll("[data-filter]").forEach(b=>b.hidden=!0)')).toEqual([]);
  });
});
