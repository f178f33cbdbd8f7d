/**
 * The one shell of the plain pages the signup functions answer with HTML: the pages behind the
 * links in our e-mails (link-pages.ts) and the waitlist form posted without JavaScript
 * (form-page.ts). Inline styles only, never indexed. Light or dark as on the site's own pages: the
 * theme the visitor chose with the site's toggle (the site's one theme script, inline), else the
 * system setting (also without JavaScript). Each page adds its own rules to the shared ones. Pure.
 */
import { SITE } from '../../../config/site';
import { THEME_BOOT_SCRIPT, THEME_SCRIPT_HASH } from '../../site/theme';
import { escapeHtml } from '../../email/templates';

export interface PlainPageInput {
  /** The page's title, before the site name: a constant of the calling module (never visitor text), written as is. */
  title: string;
  /** The inside of `<main>`. */
  body: string;
  /** Rules of this page, after the shared ones. */
  css?: string;
  /** Extra `<meta>` elements. */
  meta?: string;
}

/** The dark colours: on `html.dark` (set by the theme script), or from the system setting without JavaScript. */
const DARK_COLOURS = `color-scheme: dark; --bg: #0f1115; --card: #171a21; --text: #f3f4f6; --muted: #a8b0bd;
    --line: #2a2f3a; --brand: #f29b8f; --button: #d92d20; --button-hover: #b42318; --error: #f87171; --focus: #60a5fa;`;

/** Colours (light, and dark on `html.dark`) and the rules every plain page shares. */
const SHARED_CSS = `
  :root { color-scheme: light; --bg: #f6f7f9; --card: #fff; --text: #111827; --muted: #4b5563; --line: #e5e7eb;
    --brand: #b42318; --button: #b42318; --button-hover: #912018; --error: #b91c1c; --focus: #2563eb; }
  :root.dark { ${DARK_COLOURS} }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; background: var(--bg); color: var(--text); line-height: 1.5; }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: var(--card); border: 1px solid var(--line); border-radius: 1rem; }
  @media (max-width: 36rem) { main { margin: 1rem; } }
  .brand { display: inline-block; font-weight: 800; color: var(--brand); text-decoration: none; margin: 0 0 1rem; }
  h1 { font-size: 1.5rem; line-height: 1.3; margin: 0 0 1rem; }
  a { color: var(--brand); }
  :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
  button { font: inherit; font-weight: 600; color: #fff; background: var(--button); border: 0; border-radius: .75rem; padding: .75rem 1.25rem; min-height: 44px; cursor: pointer; }
  button:hover { background: var(--button-hover); }
  footer { margin-top: 1.5rem; font-size: .8rem; color: var(--muted); overflow-wrap: anywhere; }
  footer a { color: inherit; }`;

/**
 * The Content-Security-Policy of a plain page: no script but the theme's own (by its hash), inline
 * styles, forms to this site only, never framed.
 */
export const PLAIN_PAGE_CSP = `default-src 'none'; script-src ${THEME_SCRIPT_HASH}; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

/** A whole plain page: `<title>` is "<title> | <site name>". */
export function plainPage({ title, body, css = '', meta = '' }: PlainPageInput): string {
  return `<!doctype html>
<html lang="en-CA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">${meta}
<title>${title} | ${escapeHtml(SITE.name)}</title>
<script>${THEME_BOOT_SCRIPT}</script>
<noscript><style>@media (prefers-color-scheme: dark) { :root { ${DARK_COLOURS} } }</style></noscript>
<style>${SHARED_CSS}${css}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}
