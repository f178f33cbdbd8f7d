/**
 * /admin/audit (docs/staff.md, "Audit trail"): every state-changing staff action, newest first, 50 at
 * a time ('Load more'), filtered by person (staff removed since too, once seen in the trail). For the
 * owner key and admins. Nothing here deletes: the
 * trail is append-only for everyone.
 */
import { useEffect, useId, useState } from 'react';
import AdminGate from './AdminGate';
import AdminSidebar from './AdminSidebar';
import { AUDIT_LABELS } from '../../lib/admin/roles';
import type { AuditEntry, AuditPage, StaffMember } from '../../lib/admin/staff-schemas';
import { appendEntries, EmptyState, LoadMoreButton, Spinner, useAdminData } from './ui';
import { useCan } from './useCan';
import { staffDateTime } from '../../lib/admin/staff-time';

export default function AuditLog() {
  return (
    <AdminGate variant="page" title="Audit trail" subtitle="Who did what, when and from which network.">
      <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <AdminSidebar current="/admin/audit" />
        <AuditScreen />
      </div>
    </AdminGate>
  );
}

function AuditScreen() {
  const can = useCan();
  if (!can('GET', '/audit')) {
    return <EmptyState title="Only admins read the audit trail" />;
  }
  return <Trail />;
}

const when = staffDateTime;

function Trail() {
  const id = useId();
  const [person, setPerson] = useState('');
  const staff = useAdminData<StaffMember[]>('/api/admin/staff', 'the staff list');
  const path = `/api/admin/audit${person ? `?person=${encodeURIComponent(person)}` : ''}`;
  const { data, loading, failed, next, loadingMore, reload, loadMore } = useAdminData<AuditPage>(
    path,
    'the audit trail',
  );
  // People seen in the trail so far: someone removed since (no longer in the staff list) can still be
  // picked, since what they did stays in the trail.
  const [seen, setSeen] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    const found = (data?.entries ?? []).filter((e) => e.actor.id !== 'owner' && !seen.has(e.actor.id));
    if (found.length === 0) return;
    setSeen((before) => {
      const after = new Map(before);
      for (const e of found) after.set(e.actor.id, `${e.actor.name} (${e.actor.role})`);
      return after;
    });
  }, [data, seen]);
  const current = new Set((staff.data ?? []).map((m) => m.id));
  const former = [...seen].filter(([personId]) => !current.has(personId));

  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0">
      <h2 id={`${id}-title`} className="sr-only">
        Actions
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <label htmlFor={`${id}-person`} className="label">
            Person
          </label>
          <select
            id={`${id}-person`}
            className="input w-auto max-w-full"
            value={person}
            onChange={(e) => setPerson(e.target.value)}
          >
            <option value="">Everyone</option>
            <option value="owner">Owner key</option>
            {(staff.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} ({m.role})
              </option>
            ))}
            {staff.data
              ? former.map(([personId, label]) => (
                  <option key={personId} value={personId}>
                    {label}, removed
                  </option>
                ))
              : null}
          </select>
        </div>
        <button type="button" className="btn-secondary" onClick={() => void reload()} disabled={loading}>
          {loading ? <Spinner /> : null}
          Refresh
        </button>
      </div>
      <div className="mt-4">
        {loading && !data ? (
          <p className="flex items-center gap-2 text-sm text-muted" role="status">
            <Spinner /> Loading the audit trail…
          </p>
        ) : failed ? (
          <EmptyState title="The audit trail could not be loaded">Try Refresh.</EmptyState>
        ) : !data || data.entries.length === 0 ? (
          <EmptyState title="Nothing recorded yet" />
        ) : (
          <>
            <ol className="grid grid-cols-1 gap-2" aria-label="Audit trail, newest first">
              {data.entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </ol>
            {next ? <LoadMoreButton busy={loadingMore} onClick={() => void loadMore(appendEntries)} /> : null}
          </>
        )}
      </div>
    </section>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const target = entry.target.label ?? (entry.target.id ? `${entry.target.type} ${entry.target.id}` : '');
  return (
    <li className="card grid grid-cols-1 gap-1 p-4 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <time dateTime={entry.at} className="text-sm text-muted">
        {when(entry.at)}
      </time>
      <div className="min-w-0">
        <p>
          <span className="font-semibold">{entry.actor.name}</span>
          {entry.actor.id !== 'owner' ? <span className="text-muted"> · {entry.actor.role}</span> : null}
          {' — '}
          {AUDIT_LABELS[entry.action] ?? entry.action}
        </p>
        {target ? <p className="text-sm wrap-anywhere text-muted">{target}</p> : null}
        <p className="text-xs text-muted">From network {entry.network}</p>
      </div>
    </li>
  );
}
