import { describe, expect, it } from 'vitest';
import { containsClass, pageText, prunePageCss } from '../../../integrations/perf/page-css';
import {
  inlineStylesheet,
  pageModuleScripts,
  pageScriptEntry,
  replaceModuleScripts,
  stylesheetTags,
  type AssetTag,
  firstScreenImagePreload,
  linkHeadersFile,
  pageUrlPath,
} from '../../../integrations/perf/page-assets';

const SHEET = `
@layer theme{:root{--color-brand:#c2362b;--color-unused:#123456;--font-sans:system-ui;--default-font:var(--font-sans)}}
@layer base{html{font-family:var(--default-font);-webkit-font-smoothing:antialiased}}
@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}
@property --tw-blur{syntax:"*";inherits:false}
.flex{display:flex}
.inline-flex{display:inline-flex}
.sm\\:grid{}@media (min-width:40rem){.sm\\:grid{display:grid}}
.text-brand{color:var(--color-brand)}
.shadow{--tw-shadow:0 1px 2px #0003;box-shadow:var(--tw-shadow)}
.hover\\:underline:hover{text-decoration:underline}
.dark\\:bg-black:where(.dark,.dark *){background:#000}
.group:hover .group-hover\\:block{display:block}
.\\[\\&_p\\]\\:mt-4 p{margin-top:1rem}
.btn,.card{border-radius:1rem}
.unused-a,.unused-b{color:red}
`;

describe('prunePageCss', () => {
  const html = '<div class="inline-flex text-brand hover:underline dark:bg-black [&amp;_p]:mt-4 card"><p>x</p></div>';
  const { css } = prunePageCss(SHEET, pageText(html, ['el.classList.add("shadow")']));

  it('keeps rules whose classes the page or its scripts use, drops the others', () => {
    expect(css).toContain('.inline-flex{display:inline-flex}');
    expect(css).not.toContain('.flex{'); // only inside inline-flex
    expect(css).not.toContain('sm\\:grid');
    expect(css).toContain('.hover\\:underline:hover');
    expect(css).toContain('.shadow{'); // added by a script
    expect(css).toContain('.\\[\\&_p\\]\\:mt-4 p'); // written &amp; in the HTML
    expect(css).not.toContain('unused-a');
    expect(css).toContain('.btn,.card'); // a list is kept when one selector can match
    expect(css).not.toContain('group-hover');
  });

  it('keeps the dark variant (the dark class comes from the theme script) and base rules', () => {
    expect(css).toContain('.dark\\:bg-black:where(.dark,.dark *)');
    expect(css).toContain('-webkit-font-smoothing:antialiased');
  });

  it('drops custom properties and @property registrations that nothing reads, following chains', () => {
    expect(css).toContain('--color-brand:#c2362b');
    expect(css).not.toContain('--color-unused');
    expect(css).toContain('--font-sans:system-ui'); // read through --default-font
    expect(css).toContain('@property --tw-shadow');
    expect(css).not.toContain('--tw-blur');
  });
});

describe('containsClass', () => {
  it('finds whole class names only', () => {
    expect(containsClass('class="a inline-flex"', 'flex')).toBe(false);
    expect(containsClass('class="sm:flex"', 'flex')).toBe(false);
    expect(containsClass('class="py-2.5"', 'py-2')).toBe(false);
    expect(containsClass('class="x flex"', 'flex')).toBe(true);
    expect(containsClass('"!py-2 flex"', '!py-2')).toBe(true);
    expect(containsClass('`btn ${x}`', 'btn')).toBe(true);
  });
});

/** The external module scripts of a page, as `pageModuleScripts` finds them. */
const externalModuleScripts = (html: string) => pageModuleScripts(html).filter((t): t is AssetTag => 'url' in t);

describe('page assets', () => {
  const page = `<head><link rel="stylesheet" href="/_astro/site.css"><!-- <script type="module" src="/_astro/old.js"></script> -->
<link rel="stylesheet" href="/print.css" media="print"></head><body>
<script type="module" src="/_astro/Header.js"></script><script type="module">inline()</script>
<script type="module" src="/_astro/About.js"></script></body>`;

  it('finds module scripts and stylesheet links, not commented-out or media-bound ones', () => {
    expect(externalModuleScripts(page).map((t) => t.url)).toEqual(['/_astro/Header.js', '/_astro/About.js']);
    expect(stylesheetTags(page).map((t) => t.url)).toEqual(['/_astro/site.css']);
  });

  it('puts one script in place of several, at the first one', () => {
    const out = replaceModuleScripts(page, externalModuleScripts(page), '/_astro/page.abc.js');
    expect(out).toContain(
      '<body>\n<script type="module" src="/_astro/page.abc.js"></script><script type="module">inline()</script>\n</body>',
    );
    expect(out).not.toContain('Header.js');
  });

  it('lists external and inline module scripts in document order, leaving inline ones that import, export or await', () => {
    const html = `${page}<script type="module">import "/x.js";</script><script type="module">await go()</script>
<script>classic()</script><script type="module">last()</script>`;
    expect(pageModuleScripts(html).map((t) => ('url' in t ? t.url : t.code))).toEqual([
      '/_astro/Header.js',
      'inline()',
      '/_astro/About.js',
      'last()',
    ]);
  });

  it('puts inline module scripts in the one script too, at the first one', () => {
    const out = replaceModuleScripts(page, pageModuleScripts(page), '/_astro/page.abc.js');
    expect(out).toContain('<body>\n<script type="module" src="/_astro/page.abc.js"></script>\n</body>');
  });

  it('starts each inline module script in a task of its own, after the scripts before it', () => {
    expect(
      pageScriptEntry([
        { specifier: './_astro/Header.js', inline: false },
        { specifier: 'inline:0', inline: true },
        { specifier: './_astro/About.js', inline: false },
        { specifier: 'inline:1', inline: true },
      ]).split('\n'),
    ).toEqual([
      'await import("./_astro/Header.js");',
      'await new Promise((resolve) => setTimeout(resolve));',
      'await import("inline:0");',
      'await import("./_astro/About.js");',
      'await new Promise((resolve) => setTimeout(resolve));',
      'await import("inline:1");',
    ]);
    expect(pageScriptEntry([{ specifier: 'inline:0', inline: true }])).toBe('await import("inline:0");');
  });

  it('inlines CSS in place of the link, naming its file, and refuses CSS that would close the element', () => {
    const [link] = stylesheetTags(page);
    expect(inlineStylesheet(page, link, '.a{color:red}')).toContain(
      '<head><style data-from="/_astro/site.css">.a{color:red}</style>',
    );
    expect(() => inlineStylesheet(page, link, '.a::after{content:"</style>"}')).toThrow(/not inlined/);
  });
});

describe('first-screen image preload (Link header)', () => {
  const cover =
    '<img src="/_astro/cover_L.webp" srcset="/_astro/cover_S.webp 480w, /_astro/cover_M.webp 800w, /_astro/cover_L.webp 1200w" ' +
    'alt="A cover" sizes="(min-width: 1024px) 896px, 100vw" loading="eager" fetchpriority="high" width="1200" height="675">';

  it('preloads the image marked fetchpriority=high with its own srcset and sizes', () => {
    const html = `<header><img src="/logo.svg" alt=""></header><!-- <img src="/x.webp" fetchpriority="high"> -->${cover}<img src="/_astro/other.webp" fetchpriority="high">`;
    expect(firstScreenImagePreload(html)).toBe(
      '</_astro/cover_L.webp>; rel=preload; as=image; ' +
        'imagesrcset="/_astro/cover_S.webp 480w, /_astro/cover_M.webp 800w, /_astro/cover_L.webp 1200w"; ' +
        'imagesizes="(min-width: 1024px) 896px, 100vw"; fetchpriority=high',
    );
  });

  it('a plain image is preloaded by its src; a page without a marked image gets none', () => {
    expect(firstScreenImagePreload('<img src="/walls/thumbs/a.jpg" alt="" fetchpriority="high">')).toBe(
      '</walls/thumbs/a.jpg>; rel=preload; as=image; fetchpriority=high',
    );
    expect(firstScreenImagePreload('<img src="/a.webp" loading="lazy"><p>text</p>')).toBeNull();
  });

  it('one rule per page path in a _headers file, after what the file had', () => {
    expect(pageUrlPath('index.html')).toBe('/');
    expect(pageUrlPath('blog/post.html')).toBe('/blog/post');
    const file = linkHeadersFile(new Map([['/blog/post', '</a.webp>; rel=preload; as=image']]), '/x\n  X-Y: z\n');
    expect(file).toMatch(/^\/x\n {2}X-Y: z\n# .*\n\/blog\/post\n {2}Link: <\/a\.webp>; rel=preload; as=image\n$/);
  });
});
