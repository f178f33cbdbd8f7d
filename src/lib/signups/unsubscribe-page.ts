/**
 * The plain HTML page answered by /api/unsubscribe (no scripts, inline styles only). Pure.
 */
import { SITE } from '../../config/site';
import { escapeHtml } from '../email/templates';

export type UnsubscribeOutcome = 'done' | 'invalid';

/** A small self-contained page for the outcome of an unsubscribe request. */
export function unsubscribePage(outcome: UnsubscribeOutcome, siteUrl: string): string {
  const title = outcome === 'done' ? "You're unsubscribed" : 'This unsubscribe link is not valid';
  const body =
    outcome === 'done'
      ? `<p>You will not receive any more e-mails from ${escapeHtml(SITE.name)} at this address.</p>
<p>Changed your mind? You can sign up again on our site at any time.</p>`
      : `<p>The link may have been shortened or changed by your e-mail program. Please open the unsubscribe link from the e-mail again, or write to <a href="mailto:${escapeHtml(SITE.email)}">${escapeHtml(SITE.email)}</a> and we will remove your address.</p>`;
  return `<!doctype html>
<html lang="en-CA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | ${escapeHtml(SITE.name)}</title>
<style>
  :root { color-scheme: light dark; }
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; background: #f6f7f9; color: #111827; }
  main { max-width: 32rem; margin: 4rem auto; padding: 2rem; background: #fff; border: 1px solid #e5e7eb; border-radius: 1rem; line-height: 1.6; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  a { color: #b42318; }
  .brand { font-weight: 700; color: #b42318; margin: 0 0 1.5rem; }
  footer { margin-top: 2rem; font-size: .8rem; color: #4b5563; }
  @media (prefers-color-scheme: dark) {
    body { background: #0f1115; color: #f3f4f6; }
    main { background: #171a21; border-color: #2a2f3a; }
    a, .brand { color: #f29b8f; }
    footer { color: #a8b0bd; }
  }
</style>
</head>
<body>
<main>
<p class="brand">${escapeHtml(SITE.name)}</p>
<h1>${title}</h1>
${body}
<p><a href="${escapeHtml(siteUrl)}">Back to ${escapeHtml(SITE.name)}</a></p>
<footer>${escapeHtml(SITE.name)} · ${escapeHtml(SITE.mailingAddress)} · ${escapeHtml(SITE.email)}</footer>
</main>
</body>
</html>`;
}
