/**
 * Who an early-access wave invited and who used their pass (GET /api/admin/campaigns/{id}/wave),
 * with Revoke for one person or the whole wave (POST …/revoke, behind a confirmation). A revoked
 * link stops at once; a browser that already opened the site loses it at its next check, within a
 * minute (docs/site.md#pre-launch-gate, docs/campaigns.md "Early access").
 */
import { useId, useState } from 'react';
import type { waveMembers } from '../../lib/campaigns/store';
import { adminFetch } from '../../stores/admin';
import { toast } from '../../stores/toast';
import { errorMessage, numbers } from './CampaignBits';
import { useCan } from './useCan';
import { ConfirmDialog, EmailAddress, EmptyState, Spinner, useAdminData } from './ui';
import { staffShortDateTime } from '../../lib/admin/staff-time';

/** One person a wave invited, as GET …/wave answers. */
type Member = Awaited<ReturnType<typeof waveMembers>>[number];

/** Rows shown at first, and added by 'Show more' (a wave can invite many thousands). */
const PAGE = 50;

export default function CampaignWave({ id, sent }: { id: string; sent: number }) {
  const {
    data: members,
    failed,
    loading,
    reload: load,
  } = useAdminData<Member[]>(`/api/admin/campaigns/${encodeURIComponent(id)}/wave`, 'the wave', [sent]);
  const [shown, setShown] = useState(PAGE);
  const [revoke, setRevoke] = useState<Member | 'wave' | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  async function confirmRevoke(target: Member | 'wave') {
    setBusy(true);
    try {
      await adminFetch(`/api/admin/campaigns/${encodeURIComponent(id)}/revoke`, {
        method: 'POST',
        body: target === 'wave' ? {} : { subscriberId: target.id },
      });
      toast({
        title: target === 'wave' ? 'Wave revoked' : 'Pass revoked',
        description:
          target === 'wave'
            ? 'Every pass of this wave stops working within a minute.'
            : `The pass of ${target.email || 'this subscriber'} stops working within a minute.`,
      });
      await load();
    } catch (err) {
      toast({ title: 'Not revoked', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const used = members?.filter((m) => m.usedAt !== null).length ?? 0;
  const revoked = members?.filter((m) => m.revoked).length ?? 0;
  const allRevoked = !!members?.length && revoked === members.length;
  const canRevoke = useCan()('POST', '/campaigns/:id/revoke');
  return (
    <section className="card p-5 sm:p-6" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-bold">
            Invited
          </h3>
          <p className="text-sm text-muted" data-testid="wave-summary">
            {members
              ? `${numbers.format(members.length)} invited, ${numbers.format(used)} used their pass${revoked ? `, ${numbers.format(revoked)} revoked` : ''}`
              : 'Who this wave invited and who used their pass.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" onClick={() => void load()} disabled={loading}>
            {loading ? <Spinner /> : null}
            Refresh
          </button>
          {canRevoke ? (
            <button
              type="button"
              className="btn-secondary text-red-700 dark:text-red-400"
              onClick={() => setRevoke('wave')}
              disabled={busy || !members?.length || allRevoked}
            >
              Revoke the whole wave…
            </button>
          ) : null}
        </div>
      </div>
      <div className="mt-4">
        {!members ? (
          failed ? (
            <EmptyState title="The wave could not be loaded">Try Refresh.</EmptyState>
          ) : (
            <p className="flex items-center gap-2 text-sm text-muted" role="status">
              <Spinner /> Loading who was invited…
            </p>
          )
        ) : members.length === 0 ? (
          <EmptyState title="Nobody invited yet" />
        ) : (
          <>
            <div className="overflow-x-auto rounded-xl border border-line">
              {/* Below 640 px the times and the action go under the address: the table never scrolls sideways. */}
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Invited subscribers, in the order of the wave</caption>
                <thead className="border-b border-line bg-surface-2 text-xs uppercase tracking-wide text-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2.5 font-semibold">
                      Subscriber
                    </th>
                    <th scope="col" className="hidden px-3 py-2.5 font-semibold sm:table-cell">
                      Invited
                    </th>
                    <th scope="col" className="hidden px-3 py-2.5 font-semibold sm:table-cell">
                      Pass used
                    </th>
                    <th scope="col" className="hidden px-3 py-2.5 text-right font-semibold sm:table-cell">
                      Pass
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {members.slice(0, shown).map((m) => (
                    <tr key={m.id} data-email={m.email} className="border-t border-line first:border-t-0">
                      <td className="px-3 py-2.5">
                        {m.name ? <span className="block font-medium">{m.name}</span> : null}
                        <span className={m.name ? 'block text-muted' : 'block'}>
                          {m.email ? <EmailAddress email={m.email} /> : 'Deleted subscriber'}
                        </span>
                        <span className="mt-1 block text-xs text-muted sm:hidden">
                          Invited {staffShortDateTime(m.invitedAt)} ·{' '}
                          {m.usedAt !== null ? `pass used ${staffShortDateTime(m.usedAt)}` : 'pass not used yet'}
                          <PassUses member={m} />
                        </span>
                        <span className="mt-2 block sm:hidden">
                          <PassAction member={m} busy={busy} onRevoke={setRevoke} />
                        </span>
                      </td>
                      <td className="hidden whitespace-nowrap px-3 py-2.5 text-muted sm:table-cell">
                        {staffShortDateTime(m.invitedAt)}
                      </td>
                      <td className="hidden px-3 py-2.5 sm:table-cell">
                        {m.usedAt !== null ? (
                          <span className="whitespace-nowrap">{staffShortDateTime(m.usedAt)}</span>
                        ) : (
                          <span className="text-muted">Not yet</span>
                        )}
                        <PassUses member={m} />
                      </td>
                      <td className="hidden px-3 py-2.5 text-right sm:table-cell">
                        <PassAction member={m} busy={busy} onRevoke={setRevoke} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {members.length > shown ? (
              <div className="mt-3 flex justify-center">
                <button type="button" className="btn-secondary" onClick={() => setShown((n) => n + PAGE)}>
                  Show more ({numbers.format(members.length - shown)} left)
                </button>
              </div>
            ) : null}
          </>
        )}
      </div>
      <ConfirmDialog
        open={revoke !== null}
        onOpenChange={(o) => {
          if (!o) setRevoke(null);
        }}
        title={revoke === 'wave' ? 'Revoke the whole wave?' : 'Revoke this pass?'}
        description={
          revoke === 'wave'
            ? `All ${numbers.format(members?.length ?? 0)} passes of this wave stop working: their links at once, a browser that already opened the site within a minute. This cannot be undone.`
            : `The pass of ${revoke?.email || 'this subscriber'} stops working: the link at once, a browser that already opened the site within a minute. This cannot be undone.`
        }
        confirmLabel={revoke === 'wave' ? 'Revoke the wave' : 'Revoke the pass'}
        onConfirm={() => {
          if (revoke) void confirmRevoke(revoke);
        }}
      />
    </section>
  );
}

/** 'Revoked', or the button that asks to revoke (in the last column; below 640 px under the address). */
function PassAction({ member, busy, onRevoke }: { member: Member; busy: boolean; onRevoke: (m: Member) => void }) {
  const can = useCan();
  if (member.revoked)
    return <span className="badge bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200">Revoked</span>;
  if (!can('POST', '/campaigns/:id/revoke')) return null;
  return (
    <button
      type="button"
      className="btn-secondary !px-3 !py-1.5 text-xs"
      onClick={() => onRevoke(member)}
      disabled={busy}
      aria-label={`Revoke the pass of ${member.email || member.name || 'this subscriber'}`}
    >
      Revoke…
    </button>
  );
}

/**
 * How often and from where a pass was opened: the number of uses and networks, a flag when it was
 * opened from PASS_FLAG_NETWORKS networks or more (maybe passed on), and each use on request.
 */
function PassUses({ member }: { member: Member }) {
  if (member.uses.length === 0) return null;
  const summary = `${member.uses.length} ${member.uses.length === 1 ? 'use' : 'uses'} from ${member.networks} ${
    member.networks === 1 ? 'network' : 'networks'
  }`;
  return (
    <details className="mt-1 text-xs text-muted">
      <summary className="cursor-pointer">
        {summary}
        {member.flagged ? (
          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
            Many networks: shared?
          </span>
        ) : null}
      </summary>
      <ul className="mt-1 space-y-0.5">
        {member.uses.map((u) => (
          <li key={`${u.at}-${u.ip}`} className="break-all">
            {staffShortDateTime(u.at)} · {u.ip || 'unknown address'} ({u.network})
          </li>
        ))}
      </ul>
    </details>
  );
}
