/** Who created, sent, paused, resumed or cancelled a campaign (the audit trail's entries for it, docs/staff.md). */
import { AUDIT_LABELS } from '../../lib/admin/roles';
import type { AuditEntry } from '../../lib/admin/staff-schemas';
import { staffDateTime } from '../../lib/admin/staff-time';

const when = staffDateTime;

export default function CampaignStaff({ entries }: { entries: AuditEntry[] | undefined }) {
  if (!entries?.length) return null;
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold">Staff actions</h3>
      <ul className="mt-1 grid gap-0.5 text-sm text-muted">
        {[...entries].reverse().map((e) => (
          <li key={e.id}>
            {AUDIT_LABELS[e.action] ?? e.action} by <span className="font-medium text-fg">{e.actor.name}</span>
            {e.actor.id !== 'owner' ? ` (${e.actor.role})` : ''}, <time dateTime={e.at}>{when(e.at)}</time>
          </li>
        ))}
      </ul>
    </div>
  );
}
