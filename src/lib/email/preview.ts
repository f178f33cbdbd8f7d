/**
 * How the staff area shows a rendered e-mail (the outbox, the template and campaign previews): the
 * HTML part in a sandboxed frame whose links open in a new tab, and the text part with its web
 * addresses as links. Pure, client-safe.
 */

const BASE = '<base target="_blank">';

/**
 * The HTML part as a sandboxed frame's `srcdoc`: a `<base target="_blank">` makes every link open in a
 * new tab (the frame allows pop-ups, never scripts). A `<base>` of the mail's own is removed first,
 * so it cannot point the links elsewhere.
 */
export function framedHtml(html: string): string {
  const cleaned = html.replace(/<base\b[^>]*>/gi, '');
  const head = /<head\b[^>]*>/i.exec(cleaned);
  if (head)
    return `${cleaned.slice(0, head.index + head[0].length)}${BASE}${cleaned.slice(head.index + head[0].length)}`;
  return `${BASE}${cleaned}`;
}

/** One piece of a text part: plain text, or a web address to show as a link. */
export type TextPiece = { text: string; href?: undefined } | { text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/**
 * A text part cut into plain text and web addresses (http and https only), in order; a full stop,
 * comma or closing bracket right after an address stays text.
 */
export function textPieces(text: string): TextPiece[] {
  const out: TextPiece[] = [];
  let at = 0;
  for (const m of text.matchAll(URL_PATTERN)) {
    const href = m[0].replace(/[.,;:!?)\]]+$/, '');
    if (m.index > at) out.push({ text: text.slice(at, m.index) });
    out.push({ text: href, href });
    at = m.index + href.length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}
