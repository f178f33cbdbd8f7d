/**
 * Pieces the campaign screens share: kind and status labels and badges, the test-copy form, number
 * formatting, and the campaign as the API answers it.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { adminFetch } from '../../stores/admin';
import { toast } from '../../stores/toast';
import { ApiError } from '../../lib/http/client';
import { campaignTestSchema, type Campaign, type CampaignKind, type CampaignStatus } from '../../lib/campaigns/model';
import { Spinner } from './ui';
import { staffDateTime } from '../../lib/admin/staff-time';

/** GET /api/admin/campaigns/{id} (and each entry of the archive). */
export interface CampaignView extends Campaign {
  error: string | null;
  unknownRecipients?: string[];
  /** The provider's report (SendGrid's events). */
  provider?: { delivered: number; bounced: number; complained: number };
  /** Why the campaign paused itself, if it did. */
  autoPause?: { at: string; reason: string } | null;
}

export const numbers = new Intl.NumberFormat('en-CA');

/** What a preview fills each person's values with (links that open nothing). */
export function sampleValues() {
  return {
    name: 'Alex Sample',
    unsubscribeUrl: `${location.origin}/api/unsubscribe?token=preview`,
    passUrl: `${location.origin}/api/pass?token=preview`,
    siteUrl: `${location.origin}/`,
  };
}
export const when = (iso: string) => staffDateTime(iso);

export const KIND_LABELS: Record<CampaignKind, string> = {
  campaign: 'Campaign',
  launch: 'Launch notification',
  'early-access': 'Early-access wave',
};

const STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

const STATUS_BADGES: Record<CampaignStatus, string> = {
  draft: 'bg-surface-2 text-muted',
  scheduled: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  sending: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  paused: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  sent: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  cancelled: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
};

export function StatusBadge({ status }: { status: CampaignStatus }) {
  return <span className={`badge ${STATUS_BADGES[status]}`}>{STATUS_LABELS[status]}</span>;
}

export function KindBadge({ kind }: { kind: CampaignKind }) {
  return <span className="badge border border-line text-muted">{KIND_LABELS[kind]}</span>;
}

/** The message of a failed call, for a toast. */
export function errorMessage(err: unknown): string {
  return err instanceof ApiError ? (err.error?.message ?? err.message) : String(err);
}

/**
 * "Send a test copy": an address staff type, and a button. `campaignId` gives the campaign to send
 * (the composer first makes a draft of what is on screen).
 */
export function TestCopyForm({ campaignId }: { campaignId: () => Promise<string | null> }) {
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const parsed = campaignTestSchema.safeParse({ to: to.trim() });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
      document.getElementById(id)?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const campaign = await campaignId();
      if (!campaign) return;
      const sent = await adminFetch<{ state: string }>(`/api/admin/campaigns/${encodeURIComponent(campaign)}/test`, {
        method: 'POST',
        body: parsed.data,
      });
      toast({
        title: 'Test copy sent',
        description:
          sent.state === 'sent'
            ? `A test copy went to ${parsed.data.to}.`
            : `The test copy to ${parsed.data.to} is in the mail queue and goes out shortly.`,
      });
    } catch (err) {
      const fields = err instanceof ApiError ? err.error?.fields : undefined;
      if (fields?.to) setError(fields.to);
      toast({ title: 'The test copy was not sent', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-2">
      <label htmlFor={id} className={`label ${error ? 'text-red-700 dark:text-red-400' : ''}`}>
        Send a test copy to
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          type="email"
          className="input sm:max-w-xs"
          autoComplete="email"
          placeholder="you@example.com"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        <button type="submit" className="btn-secondary" disabled={busy}>
          {busy ? <Spinner /> : null}
          Send test copy
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted">
          One copy, its subject marked [Test]; its unsubscribe and pass links are samples that open nothing.
        </p>
      )}
    </form>
  );
}
