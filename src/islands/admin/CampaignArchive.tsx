/**
 * Every campaign, newest first (GET /api/admin/campaigns), each opening its own view and report, and
 * naming who created, sent, paused, resumed or cancelled it (the record's `actions`).
 * Drafts discarded before they were sent are folded away behind a toggle.
 */
import { useState, type MouseEvent } from 'react';
import { isDiscardedDraft, whoActed } from '../../lib/campaigns/model';
import { KindBadge, numbers, StatusBadge, when, type CampaignView } from './CampaignBits';
import { Checkbox, EmptyState, Spinner, useAdminData } from './ui';

/** The line under a campaign's subject: when, and how far it got. */
function summary(c: CampaignView): string {
  const parts: string[] = [];
  if (c.status === 'scheduled' && c.sendAt) parts.push(`goes out ${when(c.sendAt)}`);
  else if (c.finishedAt) parts.push(`${c.status === 'sent' ? 'sent' : 'stopped'} ${when(c.finishedAt)}`);
  else if (c.startedAt) parts.push(`started ${when(c.startedAt)}`);
  else parts.push(`created ${when(c.createdAt)}`);
  if (c.total !== null) parts.push(`${numbers.format(c.sent)} of ${numbers.format(c.total)} sent`);
  else parts.push(`${numbers.format(c.audienceCount)} in the audience`);
  if (c.unknown) parts.push(`${numbers.format(c.unknown)} unknown`);
  if (c.failed) parts.push(`${numbers.format(c.failed)} failed`);
  return parts.join(' · ');
}

export default function CampaignArchive({
  hrefOf,
  onOpen,
}: {
  hrefOf: (id: string) => string;
  onOpen: (id: string) => void;
}) {
  const {
    data: campaigns,
    failed,
    loading,
    reload,
  } = useAdminData<CampaignView[]>('/api/admin/campaigns', 'the campaigns');
  const [showDiscarded, setShowDiscarded] = useState(false);

  const discarded = campaigns?.filter(isDiscardedDraft).length ?? 0;
  const listed = campaigns?.filter((c) => showDiscarded || !isDiscardedDraft(c)) ?? [];
  const open = (e: MouseEvent, id: string) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onOpen(id);
  };
  return (
    <section aria-labelledby="campaign-archive-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="campaign-archive-title" className="text-lg font-bold">
            Archive
          </h2>
          <p className="text-sm text-muted">Every campaign, newest first. Open one for its progress or report.</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {discarded ? (
            <Checkbox
              label={`Show ${numbers.format(discarded)} discarded ${discarded === 1 ? 'draft' : 'drafts'}`}
              checked={showDiscarded}
              onChange={setShowDiscarded}
            />
          ) : null}
          <button type="button" className="btn-secondary" onClick={() => void reload()} disabled={loading}>
            {loading ? <Spinner /> : null}
            Refresh
          </button>
        </div>
      </div>
      <div className="mt-4" aria-busy={loading}>
        {!campaigns ? (
          failed ? (
            <EmptyState title="The campaigns could not be loaded">Try Refresh.</EmptyState>
          ) : (
            <p className="flex items-center gap-2 text-sm text-muted" role="status">
              <Spinner /> Loading the campaigns…
            </p>
          )
        ) : listed.length === 0 ? (
          <EmptyState title="No campaigns yet">
            Campaigns you send or schedule are kept here with their reports.
          </EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-2" aria-label="Campaigns, newest first">
            {listed.map((c) => (
              <li key={c.id} className="card relative p-4 hover:border-brand-300" data-status={c.status}>
                <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                  <div className="min-w-0">
                    <a
                      href={hrefOf(c.id)}
                      onClick={(e) => open(e, c.id)}
                      className="wrap-anywhere font-semibold after:absolute after:inset-0 after:rounded-2xl hover:underline"
                    >
                      {c.subject}
                    </a>
                    <p className="mt-0.5 text-sm text-muted">{summary(c)}</p>
                    {whoActed(c) ? (
                      <p className="wrap-anywhere mt-0.5 text-sm text-muted" data-testid="campaign-who">
                        {whoActed(c)}
                      </p>
                    ) : null}
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <KindBadge kind={c.kind} />
                    <StatusBadge status={c.status} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
