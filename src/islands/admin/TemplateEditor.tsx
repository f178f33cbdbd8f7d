/**
 * /admin/email-templates (docs/site.md#staff-area): the list,
 * 'Select a template to start editing', tabs Text Content (subject, 15-row body) and HTML Content
 * (20 rows), 'Save Template', the last updated time, and a live preview rendered with sample values
 * by the same renderer the server uses (HTML in a sandboxed iframe: no scripts, no same-origin).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { toast } from '../../stores/toast';
import { $templatesInitialized, adminFetch, initializeTemplates } from '../../stores/admin';
import { ApiError } from '../../lib/http/client';
import {
  CONFIRM_TEMPLATE_ID,
  interestMessage,
  renderConfirmTemplate,
  renderTemplate,
  templateRulesOf,
  type EmailTemplate,
} from '../../lib/email/templates';
import { templateEditSchemaFor, type TemplateEdit } from '../../lib/admin/schemas';
import { fieldMessages } from '../../lib/signups/schemas';
import AdminGate from './AdminGate';
import { ConfirmDialog, EmptyState, Field, Spinner, Tab, TabList, Tabs } from './ui';
import MailPreview from './MailPreview';
import { useCan } from './useCan';

/** What the preview fills the placeholders with. */
function sampleValues() {
  const origin = typeof location === 'undefined' ? 'https://example.com' : location.origin;
  return {
    name: 'Alex Sample',
    interestMessage: interestMessage({ interests: ['tech_news', 'smartphone_tutorials'] }),
    unsubscribeUrl: `${origin}/api/unsubscribe?token=preview`,
    siteUrl: origin,
  };
}

/** The confirmation request's sample values (it carries no name: the address is not confirmed yet). */
function confirmSampleValues() {
  const origin = typeof location === 'undefined' ? 'https://example.com' : location.origin;
  return {
    confirmUrl: `${origin}/api/confirm?token=preview`,
    listName: 'the waitlist',
    validDays: 7,
    siteUrl: origin,
  };
}

/** What each template is: when it is sent (the list says it under the name). */
const TEMPLATE_ABOUT: Record<string, string> = {
  'confirmation-request':
    'The first e-mail everyone gets: the link that confirms a signup (waitlist or newsletter), before any other mail.',
  'waitlist-confirmation':
    'The welcome: sent when someone confirms joining the waitlist before launch, and when staff press Re-send welcome.',
  'waitlist-welcome-launched':
    'The welcome once the site is open: sent instead of the waitlist welcome after launch (it promises no launch notification).',
  'newsletter-welcome': 'The welcome: sent when someone confirms joining the newsletter only.',
};

type Part = 'text' | 'html';

/** The reason a save was refused, from the server's answer (or the same rules checked here first). */
function refusalText(fields: Record<string, string>, fallback?: string): string {
  const named: Record<string, string> = { subject: 'Subject', text_content: 'Text part', html_content: 'HTML part' };
  const reasons = Object.entries(fields).map(([k, v]) => `${named[k] ?? k}: ${v}`);
  return reasons.length ? reasons.join(' ') : (fallback ?? '');
}

/** Seeds never edited by staff carry the epoch as their time. */
function lastUpdatedText(iso: string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t) || t <= 0) return 'Never saved (built-in default)';
  return new Date(t).toLocaleString();
}

export default function TemplateEditorPage() {
  return (
    <AdminGate
      variant="page"
      title="Email Templates"
      subtitle="The e-mails people receive when they sign up and confirm, and when staff send a welcome e-mail."
    >
      <div className="grid min-w-0 grid-cols-1 gap-10">
        <TemplateEditor />
        <p className="text-sm text-muted">
          Every e-mail sent, waiting or failed, and the local outbox, are under{' '}
          <a href="/admin/mail" className="font-semibold text-brand-700 underline dark:text-brand-300">
            Mail
          </a>
          .
        </p>
      </div>
    </AdminGate>
  );
}

function TemplateEditor() {
  const can = useCan();
  const [templates, setTemplates] = useState<EmailTemplate[]>([]);
  const [loading, setLoading] = useState(true);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draft, setDraft] = useState<TemplateEdit>({ subject: '', text_content: '', html_content: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // The part being edited; the preview shows the same part.
  const [part, setPart] = useState<Part>('text');
  const initialized = useStore($templatesInitialized);

  const load = useCallback(async () => {
    try {
      setTemplates(await adminFetch<EmailTemplate[]>('/api/admin/email-templates'));
    } catch (err) {
      console.error('[admin] loading templates failed', err);
      toast({
        title: 'Error retrieving templates',
        description: 'Failed to load email templates',
        variant: 'destructive',
      });
    } finally {
      setLoading(false);
    }
  }, []);

  // Opening the editor asks the server to store any missing default templates, then reloads the list.
  useEffect(() => {
    initializeTemplates().catch((err) => {
      console.error('[admin] template initialisation failed', err);
      void load();
    });
  }, [load]);
  useEffect(() => {
    if (initialized > 0) void load();
  }, [initialized, load]);

  const selected = templates.find((t) => t.id === selectedId) ?? null;
  const dirty =
    selected !== null &&
    (draft.subject !== selected.subject ||
      draft.text_content !== selected.textContent ||
      draft.html_content !== selected.htmlContent);
  // Another template picked while this one has unsaved edits: asked about before the edits are dropped.
  const [switchTo, setSwitchTo] = useState<EmailTemplate | null>(null);

  function open(t: EmailTemplate) {
    setSelectedId(t.id);
    setDraft({ subject: t.subject, text_content: t.textContent, html_content: t.htmlContent });
    setErrors({});
    setPart('text');
  }

  function select(t: EmailTemplate) {
    if (t.id === selectedId) return;
    if (dirty) setSwitchTo(t);
    else open(t);
  }

  async function save() {
    if (!selected) return;
    const parsed = templateEditSchemaFor(selected.id).safeParse(draft);
    if (!parsed.success) {
      refused(fieldMessages(parsed.error));
      return;
    }
    setSaving(true);
    try {
      const saved = await adminFetch<EmailTemplate>(`/api/admin/email-templates/${selected.id}`, {
        method: 'PUT',
        body: parsed.data,
      });
      setTemplates((prev) => prev.map((t) => (t.id === saved.id ? saved : t)));
      setErrors({});
      toast({ title: 'Template updated', description: 'Email template has been saved successfully' });
    } catch (err) {
      console.error('[admin] saving template failed', err);
      if (err instanceof ApiError && err.error?.fields) refused(err.error.fields, err.error.message);
      else
        toast({
          title: 'Error saving template',
          description: `Failed to update the email template. ${err instanceof ApiError ? (err.error?.message ?? err.message) : String(err)}`,
          variant: 'destructive',
        });
    } finally {
      setSaving(false);
    }
  }

  /** A refused save: each field says why, the part with the first problem is shown, and the toast says why too. */
  function refused(fields: Record<string, string>, message?: string) {
    setErrors(fields);
    if (fields.html_content && !fields.subject && !fields.text_content) setPart('html');
    else if (fields.subject || fields.text_content) setPart('text');
    toast({
      title: 'Error saving template',
      description: `Failed to update the email template. ${refusalText(fields, message)}`,
      variant: 'destructive',
    });
  }

  const textChangedOnly =
    selected !== null && draft.text_content !== selected.textContent && draft.html_content === selected.htmlContent;

  const preview = useMemo(() => {
    if (!selected) return null;
    const parts = { subject: draft.subject, textContent: draft.text_content, htmlContent: draft.html_content };
    return selected.id === CONFIRM_TEMPLATE_ID
      ? renderConfirmTemplate(parts, confirmSampleValues())
      : renderTemplate(parts, sampleValues());
  }, [selected, draft]);
  const rules = templateRulesOf(selected?.id ?? '');

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <section aria-labelledby="template-list-title" className="min-w-0">
        <h2 id="template-list-title" className="text-sm font-semibold uppercase tracking-wide text-muted">
          Templates
        </h2>
        {loading ? (
          <p className="mt-3 flex items-center gap-2 text-sm text-muted" role="status">
            <Spinner /> Loading templates…
          </p>
        ) : templates.length === 0 ? (
          <div className="mt-3">
            <EmptyState title="No templates found" />
          </div>
        ) : (
          <ul className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-2">
            {templates.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  onClick={() => select(t)}
                  aria-pressed={t.id === selectedId}
                  className="card w-full p-4 text-left transition-colors hover:border-brand-300 aria-pressed:border-brand-600 aria-pressed:ring-2 aria-pressed:ring-brand-600/20"
                >
                  <span className="block font-semibold">{t.name}</span>
                  {TEMPLATE_ABOUT[t.id] ? (
                    <span className="mt-0.5 block text-xs text-muted">{TEMPLATE_ABOUT[t.id]}</span>
                  ) : null}
                  <span className="mt-1 block truncate text-sm text-muted">{t.subject}</span>
                  <span className="mt-2 block text-xs text-muted">Updated: {lastUpdatedText(t.lastUpdated)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-label="Template editor" className="min-w-0">
        {!selected ? (
          <div className="card grid min-h-64 place-items-center p-8 text-center">
            <p className="text-muted">Select a template to start editing</p>
          </div>
        ) : (
          <div className="grid gap-6">
            <div className="card p-5 sm:p-6">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 className="text-lg font-bold">{selected.name}</h2>
                  {TEMPLATE_ABOUT[selected.id] ? (
                    <p className="mt-0.5 text-sm text-muted">{TEMPLATE_ABOUT[selected.id]}</p>
                  ) : null}
                  <p className="mt-0.5 text-sm text-muted">
                    Last updated: <time dateTime={selected.lastUpdated}>{lastUpdatedText(selected.lastUpdated)}</time>
                  </p>
                </div>
                {can('PUT', '/email-templates/:id') ? (
                  <button type="button" className="btn-primary" onClick={() => void save()} disabled={saving}>
                    {saving ? <Spinner /> : null}
                    {saving ? 'Saving…' : 'Save Template'}
                  </button>
                ) : null}
              </div>
              <p className="mt-4 text-xs text-muted">
                Placeholders:{' '}
                {rules.placeholders.map((p) => (
                  <code key={p} className="mr-1.5 rounded bg-surface-2 px-1 py-0.5">{`{{${p}}}`}</code>
                ))}
                <br />
                <code className="rounded bg-surface-2 px-1 py-0.5">{`{{${rules.required}}}`}</code> is required in both
                versions.{' '}
                {selected.id === CONFIRM_TEMPLATE_ID
                  ? 'It carries nothing typed on the form, not even the name: the address is not confirmed yet. '
                  : null}
                {dirty ? <strong className="text-fg">Unsaved changes.</strong> : null}
              </p>
              <p className="mt-3 text-sm text-muted" data-testid="template-parts-note">
                Every recipient gets both parts in one e-mail: mail programs show the <strong>HTML part</strong> (most
                do), or the <strong>text part</strong> when they cannot show HTML. Text Content edits the subject and
                the text part, HTML Content the HTML part; the preview below shows the part you are editing.
              </p>
              {textChangedOnly ? (
                <p
                  className="mt-3 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-900/30 dark:text-amber-100"
                  role="status"
                  data-testid="template-html-unchanged"
                >
                  You changed the text part only. The HTML part, which most recipients see, is sent as it is: edit it
                  under HTML Content too.
                </p>
              ) : null}

              <Tabs.Root value={part} onValueChange={(v) => setPart(v as Part)} className="mt-5">
                <TabList label="Part of the e-mail to edit">
                  <Tab value="text">Text Content</Tab>
                  <Tab value="html">HTML Content</Tab>
                </TabList>
                <Tabs.Content value="text" className="mt-4 grid gap-4 focus-visible:outline-none">
                  <Field id="tpl-subject" label="Subject line" error={errors.subject}>
                    <input
                      id="tpl-subject"
                      className="input"
                      value={draft.subject}
                      onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
                      aria-invalid={errors.subject ? true : undefined}
                      aria-describedby={errors.subject ? 'tpl-subject-error' : undefined}
                    />
                  </Field>
                  <Field id="tpl-text" label="Text body" error={errors.text_content}>
                    <textarea
                      id="tpl-text"
                      rows={15}
                      className="input font-mono text-[13px] leading-relaxed"
                      value={draft.text_content}
                      onChange={(e) => setDraft({ ...draft, text_content: e.target.value })}
                      aria-invalid={errors.text_content ? true : undefined}
                      aria-describedby={errors.text_content ? 'tpl-text-error' : undefined}
                    />
                  </Field>
                </Tabs.Content>
                <Tabs.Content value="html" className="mt-4 focus-visible:outline-none">
                  <Field id="tpl-html" label="HTML body" error={errors.html_content}>
                    <textarea
                      id="tpl-html"
                      rows={20}
                      className="input font-mono text-[13px] leading-relaxed"
                      value={draft.html_content}
                      onChange={(e) => setDraft({ ...draft, html_content: e.target.value })}
                      aria-invalid={errors.html_content ? true : undefined}
                      aria-describedby={errors.html_content ? 'tpl-html-error' : undefined}
                    />
                  </Field>
                </Tabs.Content>
              </Tabs.Root>
            </div>

            {preview ? (
              <MailPreview
                key={part}
                mail={preview}
                initialMode={part}
                note={`with sample values: the ${part === 'html' ? 'HTML' : 'text'} part`}
              />
            ) : null}
          </div>
        )}
      </section>
      <ConfirmDialog
        open={switchTo !== null}
        onOpenChange={(o) => {
          if (!o) setSwitchTo(null);
        }}
        title="Discard unsaved changes?"
        description={`Your changes to "${selected?.name ?? ''}" have not been saved. Opening "${switchTo?.name ?? ''}" discards them.`}
        confirmLabel="Discard changes"
        onConfirm={() => {
          if (switchTo) open(switchTo);
        }}
      />
    </div>
  );
}
