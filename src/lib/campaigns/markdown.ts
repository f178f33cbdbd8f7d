/**
 * The Markdown staff write campaign bodies in, rendered to the mail's HTML and plain text. A small,
 * strict subset that mail clients show alike: paragraphs, `#`/`##`/`###` headings, `-`/`*` and `1.`
 * lists, `**bold**`, `*italic*`, `[links](https://…)` and line breaks. Everything else is text:
 * HTML typed into the body is escaped, never passed through, and a link must be http(s) or mailto.
 * Placeholders (`{{name}}`) pass through untouched for the renderer to fill. Pure.
 */
import { escapeHtml } from '../email/templates';

type Block =
  | { type: 'heading'; level: 1 | 2 | 3; text: string }
  | { type: 'paragraph'; lines: string[] }
  | { type: 'list'; ordered: boolean; items: string[] };

/** Splits the body into blocks (blank lines separate paragraphs; list and heading lines are their own). */
function blocks(markdown: string): Block[] {
  const out: Block[] = [];
  let para: string[] = [];
  let list: Extract<Block, { type: 'list' }> | null = null;
  const flush = () => {
    if (para.length) out.push({ type: 'paragraph', lines: para });
    para = [];
    list = null;
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = /^(#{1,3})\s+(.+)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.+)$/.exec(line);
    const numbered = /^\s*\d{1,3}[.)]\s+(.+)$/.exec(line);
    if (!line.trim()) {
      flush();
    } else if (heading) {
      flush();
      out.push({ type: 'heading', level: heading[1].length as 1 | 2 | 3, text: heading[2].trim() });
    } else if (bullet || numbered) {
      if (para.length) flush();
      const ordered = !bullet;
      const text = (bullet ?? numbered)![1].trim();
      if (list && list.ordered === ordered) list.items.push(text);
      else {
        list = { type: 'list', ordered, items: [text] };
        out.push(list);
      }
    } else {
      list = null;
      para.push(line.trim());
    }
  }
  flush();
  return out;
}

const SAFE_URL = /^(?:https?:\/\/|mailto:)[^\s<>"']+$/i;

/** Inline markup of one line, as HTML (the text escaped first). */
function inlineHtml(text: string): string {
  let html = escapeHtml(text);
  html = html.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, href: string) => {
    // The href was escaped with the rest; a placeholder such as {{passUrl}} is allowed as a link too.
    const raw = href.replace(/&amp;/g, '&');
    if (!SAFE_URL.test(raw) && !/^\{\{\s*\w+\s*\}\}$/.test(raw)) return whole;
    return `<a href="${href}" style="color:#b42318;">${label}</a>`;
  });
  html = html.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  html = html.replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?!\w)/g, '$1<em>$2</em>');
  return html;
}

/** Inline markup of one line, as plain text (links become "label (address)"). */
function inlineText(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_w, label: string, href: string) => `${label} (${href})`)
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?!\w)/g, '$1$2');
}

const P = 'margin:0 0 16px;font-size:16px;line-height:1.6;';
const H = {
  1: 'margin:0 0 16px;font-size:24px;line-height:1.3;',
  2: 'margin:24px 0 12px;font-size:20px;line-height:1.3;',
  3: 'margin:20px 0 8px;font-size:17px;line-height:1.3;',
};

/** The body as HTML (for the mail frame) and as plain text. */
export function renderMarkdown(markdown: string): { html: string; text: string } {
  const html: string[] = [];
  const text: string[] = [];
  for (const b of blocks(markdown)) {
    if (b.type === 'heading') {
      html.push(`<h${b.level} style="${H[b.level]}">${inlineHtml(b.text)}</h${b.level}>`);
      text.push(inlineText(b.text).toUpperCase(), '');
    } else if (b.type === 'paragraph') {
      html.push(`<p style="${P}">${b.lines.map(inlineHtml).join('<br>')}</p>`);
      text.push(...b.lines.map(inlineText), '');
    } else {
      const tag = b.ordered ? 'ol' : 'ul';
      html.push(
        `<${tag} style="margin:0 0 16px;padding-left:24px;font-size:16px;line-height:1.6;">${b.items
          .map((i) => `<li>${inlineHtml(i)}</li>`)
          .join('')}</${tag}>`,
      );
      text.push(...b.items.map((i, n) => `${b.ordered ? `${n + 1}.` : '-'} ${inlineText(i)}`), '');
    }
  }
  return { html: html.join('\n'), text: text.join('\n').trimEnd() };
}
