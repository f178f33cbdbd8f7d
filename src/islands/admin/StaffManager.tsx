/**
 * /admin/staff (docs/staff.md): the staff accounts, inviting someone (an e-mailed sign-in link),
 * changing someone's role (at their next request) and removing someone (their sessions end at once). For the owner key and admins; others are told so.
 */
import { useId, useState, type SubmitEvent } from 'react';
import AdminGate from './AdminGate';
import AdminSidebar from './AdminSidebar';
import { useStore } from '@nanostores/react';
import { $adminAuth, adminFetch } from '../../stores/admin';
import { toast } from '../../stores/toast';
import { ApiError } from '../../lib/http/client';
import { ROLE_LABELS, ROLES, type Role } from '../../lib/admin/roles';
import { staffCreateSchema, type StaffMember } from '../../lib/admin/staff-schemas';
import { ConfirmDialog, EmptyState, Field, Spinner, useAdminData } from './ui';
import { useCan } from './useCan';
import { staffDate } from '../../lib/admin/staff-time';

export default function StaffManager() {
  return (
    <AdminGate variant="page" title="Staff" subtitle="Who can sign in to the staff area, and what each may do.">
      <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <AdminSidebar current="/admin/staff" />
        <StaffScreen />
      </div>
    </AdminGate>
  );
}

function StaffScreen() {
  const can = useCan();
  if (!can('GET', '/staff')) {
    return <EmptyState title="Only admins manage staff">Ask an admin to invite someone or change a role.</EmptyState>;
  }
  return <StaffLists />;
}

function StaffLists() {
  const can = useCan();
  const { data, loading, failed, reload } = useAdminData<StaffMember[]>('/api/admin/staff', 'the staff list');
  // Nobody removes their own account (the server refuses it too): another admin or the owner key does.
  const auth = useStore($adminAuth);
  const me = auth.status === 'signed-in' ? auth.session.staffId : undefined;
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const [changing, setChanging] = useState<string | null>(null);

  /** Runs a change to an account, says how it went, and reloads the list either way. */
  async function act(change: () => Promise<unknown>, done: { title: string; description: string }, failed: string) {
    try {
      await change();
      toast(done);
    } catch (err) {
      toast({
        title: failed,
        description: err instanceof ApiError ? (err.error?.message ?? err.message) : 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      void reload();
    }
  }

  // Takes effect at their next request: each one reads the account's role.
  async function changeRole(member: StaffMember, role: Role) {
    setChanging(member.id);
    await act(
      () => adminFetch(`/api/admin/staff/${member.id}/role`, { method: 'PUT', body: { role } }),
      { title: 'Role changed', description: `${member.name} is now ${role === 'viewer' ? 'a' : 'an'} ${role}.` },
      'Role not changed',
    );
    setChanging(null);
  }

  async function remove(member: StaffMember) {
    await act(
      () => adminFetch(`/api/admin/staff/${member.id}`, { method: 'DELETE' }),
      { title: 'Removed', description: `${member.name} can no longer sign in; their sessions have ended.` },
      'Not removed',
    );
    setRemoving(null);
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-10">
      {can('POST', '/staff') ? <InviteForm onInvited={() => void reload()} /> : null}
      <section aria-labelledby="staff-list-title">
        <h2 id="staff-list-title" className="text-lg font-bold">
          Staff accounts
        </h2>
        <p className="text-sm text-muted">
          The owner key is not an account: it always works, as an admin, and is recorded as “owner key”.
        </p>
        <div className="mt-4">
          {loading && !data ? (
            <p className="flex items-center gap-2 text-sm text-muted" role="status">
              <Spinner /> Loading staff…
            </p>
          ) : failed ? (
            <EmptyState title="The staff list could not be loaded">Reload the page.</EmptyState>
          ) : !data || data.length === 0 ? (
            <EmptyState title="No staff accounts yet">Invite someone above.</EmptyState>
          ) : (
            <ul className="grid grid-cols-1 gap-2">
              {data.map((m) => (
                <li key={m.id} className="card flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0 flex-1 basis-64">
                    <p className="font-semibold [overflow-wrap:anywhere]">
                      {m.name} <span className="badge ml-1 bg-surface-2 align-middle">{m.role}</span>
                    </p>
                    <p className="text-sm text-muted">
                      <span className="[overflow-wrap:anywhere]">{m.email}</span>
                    </p>
                    <p className="text-xs text-muted">
                      Invited by {m.createdBy} on {staffDate(m.createdAt)}
                    </p>
                  </div>
                  {m.id === me ? (
                    <span className="text-sm text-muted">You</span>
                  ) : (
                    <div className="flex flex-wrap items-center gap-2">
                      {can('PUT', '/staff/:id/role') ? (
                        <label className="flex items-center gap-2 text-sm font-medium">
                          Role
                          <select
                            aria-label={`Role of ${m.name}`}
                            className="input w-auto py-2"
                            value={m.role}
                            disabled={changing === m.id}
                            onChange={(e) => void changeRole(m, e.target.value as Role)}
                          >
                            {ROLES.map((r) => (
                              <option key={r} value={r}>
                                {r}
                              </option>
                            ))}
                          </select>
                        </label>
                      ) : null}
                      {can('DELETE', '/staff/:id') ? (
                        <button type="button" className="btn-secondary" onClick={() => setRemoving(m)}>
                          Remove<span className="sr-only"> {m.name}</span>
                        </button>
                      ) : null}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title={`Remove ${removing?.name ?? ''}?`}
        description="They are signed out everywhere at once and their links stop working. What they did stays in the audit trail."
        confirmLabel="Remove"
        onConfirm={() => (removing ? void remove(removing) : undefined)}
      />
    </div>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const parsed = staffCreateSchema.safeParse({ email, name, role });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await adminFetch('/api/admin/staff', { method: 'POST', body: parsed.data });
      toast({ title: 'Invited', description: `${parsed.data.name} gets an e-mail with a sign-in link.` });
      setEmail('');
      setName('');
      onInvited();
    } catch (err) {
      const body = err instanceof ApiError ? err.error : undefined;
      if (body?.fields) setErrors(body.fields);
      toast({ title: 'Not invited', description: body?.message ?? 'Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Invite someone
      </h2>
      <form onSubmit={submit} noValidate className="card mt-3 grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 sm:p-6">
        <Field id={`${id}-name`} label="Name" error={errors.name}>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
          />
        </Field>
        <Field id={`${id}-email`} label="E-mail" error={errors.email}>
          <input
            id={`${id}-email`}
            type="email"
            className="input"
            value={email}
            autoComplete="off"
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${id}-email-error` : undefined}
          />
        </Field>
        <fieldset className="sm:col-span-2">
          <legend className="label">Role</legend>
          <div className="grid gap-2">
            {ROLES.map((r) => (
              <label key={r} className="flex cursor-pointer items-start gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-role`}
                  value={r}
                  checked={role === r}
                  onChange={() => setRole(r)}
                  className="mt-1 accent-brand-600"
                />
                <span>{ROLE_LABELS[r]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? <Spinner /> : null}
            Send invitation
          </button>
        </div>
      </form>
    </section>
  );
}
