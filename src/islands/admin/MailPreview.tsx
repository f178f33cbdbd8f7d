/**
 * A rendered e-mail as its recipient would see it: the subject, then the HTML part in a sandboxed
 * iframe (no scripts, no same-origin) or the text part. Used by the template editor and the campaign
 * composer, which render with the same code the server sends with.
 */
import { useId, useState } from 'react';
import type { RenderedEmail } from '../../lib/email/templates';

export default function MailPreview({
  mail,
  note = 'with sample values',
}: {
  mail: Pick<RenderedEmail, 'subject' | 'html' | 'text'>;
  /** Said after the heading, e.g. what the placeholders were filled with. */
  note?: string;
}) {
  const [mode, setMode] = useState<'html' | 'text'>('html');
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
      {mode === 'html' ? (
        <iframe title="HTML e-mail preview" sandbox="" srcDoc={mail.html} className="block h-[32rem] w-full bg-white" />
      ) : (
        <pre
          className="max-h-[32rem] overflow-auto whitespace-pre-wrap wrap-anywhere p-5 font-mono text-[13px] leading-relaxed"
          // Focusable: a long text scrolls, and the keyboard must be able to scroll it.
          tabIndex={0}
          role="region"
          aria-label="Text e-mail preview"
          data-testid="preview-text"
        >
          {mail.text}
        </pre>
      )}
    </section>
  );
}
