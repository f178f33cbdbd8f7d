/**
 * A rendered e-mail as its recipient would see it: the subject, then the HTML part in a sandboxed
 * iframe (no scripts, no same-origin) or the text part. Used by the template editor and the campaign
 * composer, which render with the same code the server sends with.
 */
import { useId, useState, type ReactNode } from 'react';
import type { RenderedEmail } from '../../lib/email/templates';
import { framedHtml, textPieces } from '../../lib/email/preview';

/**
 * The sandbox of every e-mail frame: no scripts, no same-origin; pop-ups only, so a link (its
 * target made _blank by `framedHtml`) opens in a new tab, outside the sandbox.
 */
export const MAIL_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

/** The HTML part as the recipient's mail program shows it, in a sandboxed frame. */
export function HtmlPart({
  html,
  title,
  className = 'h-[32rem]',
}: {
  html: string;
  title: string;
  className?: string;
}) {
  return (
    <iframe
      title={title}
      sandbox={MAIL_SANDBOX}
      srcDoc={framedHtml(html)}
      className={`block w-full rounded-none bg-white ${className}`}
    />
  );
}

/** The text part, its web addresses as links that open in a new tab. */
export function TextPart({ text, label, testId }: { text: string; label: string; testId?: string }) {
  return (
    <pre
      className="max-h-[32rem] overflow-auto whitespace-pre-wrap wrap-anywhere p-5 font-mono text-[13px] leading-relaxed"
      // Focusable: a long text scrolls, and the keyboard must be able to scroll it.
      tabIndex={0}
      role="region"
      aria-label={label}
      data-testid={testId}
    >
      {textPieces(text).map((piece, i) =>
        piece.href ? (
          <a
            key={i}
            href={piece.href}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-700 underline dark:text-brand-300"
          >
            {piece.text}
          </a>
        ) : (
          piece.text
        ),
      )}
    </pre>
  );
}

/**
 * Both parts of a sent mail side by side (stacked on a phone): the HTML part as the recipient sees
 * it, and the text part, each under a heading that says which it is.
 */
export function MailParts({ html, text, about }: { html: string; text: string; about: string }) {
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      <PartBox heading="HTML part (what most mail programs show)">
        <HtmlPart html={html} title={`HTML part of ${about}`} className="h-[28rem]" />
      </PartBox>
      <PartBox heading="Text part (for mail programs without HTML)">
        <TextPart text={text} label={`Text part of ${about}`} />
      </PartBox>
    </div>
  );
}

function PartBox({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="min-w-0 overflow-hidden rounded-xl border border-line">
      <p className="border-b border-line bg-surface-2 px-3 py-1.5 text-xs font-semibold text-muted">{heading}</p>
      {children}
    </div>
  );
}

export default function MailPreview({
  mail,
  note = 'with sample values',
  empty,
  initialMode = 'html',
}: {
  mail: Pick<RenderedEmail, 'subject' | 'html' | 'text'>;
  /** Said after the heading, e.g. what the placeholders were filled with. */
  note?: string;
  /** Shown instead of the mail while there is nothing to preview (in the page's colours, light or dark). */
  empty?: string;
  /** The part shown first. */
  initialMode?: 'html' | 'text';
}) {
  const [mode, setMode] = useState<'html' | 'text'>(initialMode);
  const titleId = useId();
  return (
    <section className="card overflow-hidden" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-5 py-3">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold">
            Preview <span className="font-normal text-muted">{note}</span>
          </h3>
          <p className="wrap-anywhere text-sm text-muted">
            Subject:{' '}
            <span className="text-fg" data-testid="preview-subject">
              {mail.subject}
            </span>
          </p>
        </div>
        <div
          className="inline-flex rounded-xl border border-line p-0.5 text-sm"
          role="group"
          aria-label="Preview format"
        >
          <button
            type="button"
            aria-pressed={mode === 'html'}
            className="rounded-lg px-3 py-1.5 aria-pressed:bg-surface-2 aria-pressed:font-semibold"
            onClick={() => setMode('html')}
          >
            HTML
          </button>
          <button
            type="button"
            aria-pressed={mode === 'text'}
            className="rounded-lg px-3 py-1.5 aria-pressed:bg-surface-2 aria-pressed:font-semibold"
            onClick={() => setMode('text')}
          >
            Text
          </button>
        </div>
      </div>
      {empty ? (
        <p className="px-5 py-10 text-center text-sm text-muted" data-testid="preview-empty">
          {empty}
        </p>
      ) : mode === 'html' ? (
        <HtmlPart html={mail.html} title="HTML e-mail preview" />
      ) : (
        <TextPart text={mail.text} label="Text e-mail preview" testId="preview-text" />
      )}
    </section>
  );
}
