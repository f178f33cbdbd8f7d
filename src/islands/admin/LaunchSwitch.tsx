/**
 * The dashboard's launch switch (docs/site.md#launching): whether the site is open to everyone now,
 * and for admins "Launch the site" / "Undo the launch", each after a confirmation. Stored in Blobs,
 * read by the edge gate, recorded in the audit trail. SITE_LAUNCHED=true forces the site open.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $adminAuth } from '../../stores/admin';
import { $launch, loadLaunch, switchLaunch } from '../../stores/launch';
import { can } from '../../lib/admin/roles';
import { toast } from '../../stores/toast';
import { errorMessage } from './CampaignBits';
import { ConfirmDialog, Spinner } from './ui';
import { staffDateTime } from '../../lib/admin/staff-time';

export default function LaunchSwitch() {
  const auth = useStore($adminAuth);
  const state = useStore($launch);
  const [failed, setFailed] = useState(false);
  const [confirm, setConfirm] = useState<'launch' | 'close' | null>(null);
  const [busy, setBusy] = useState(false);
  const role = auth.status === 'signed-in' ? auth.session.role : null;

  useEffect(() => {
    loadLaunch().catch((err) => {
      console.error('[admin] reading the launch state failed', err);
      setFailed(true);
    });
  }, []);

  async function run(launch: boolean) {
    setBusy(true);
    try {
      const next = await switchLaunch(launch);
      // The session answer (launch notification offer) follows the switch too.
      if (auth.status === 'signed-in')
        $adminAuth.set({ ...auth, session: { ...auth.session, launched: next.launched } });
      toast({
        title: launch ? 'The site is launched' : 'The launch is undone',
        description: launch
          ? 'Every page is open to everyone now.'
          : next.launched
            ? 'SITE_LAUNCHED=true still keeps the site open.'
            : 'Visitors see /join again; staff and early-access passes still get in.',
      });
    } catch (err) {
      toast({ title: 'The launch switch did not change', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const admin = can(role, 'POST', '/site/launch');
  const open = state?.launched === true;
  return (
    <section className="card mb-6 p-5" aria-labelledby="launch-switch-title" data-testid="launch-switch">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h2 id="launch-switch-title" className="flex flex-wrap items-center gap-2 font-semibold">
            <span>Site status:</span>
            {state ? (
              <span
                className={`badge ${open ? 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300' : 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200'}`}
              >
                {open ? 'Open to everyone' : 'Closed: visitors see /join'}
              </span>
            ) : failed ? (
              <span className="text-sm text-muted">could not be read</span>
            ) : (
              <Spinner />
            )}
          </h2>
          {state ? (
            <p className="mt-1 text-sm text-muted">
              {state.forced
                ? 'SITE_LAUNCHED=true forces the site open: the switch cannot close it until that setting is removed.'
                : open
                  ? `Launched${state.stored?.by ? ` by ${state.stored.by}` : ''}${state.stored?.at ? ` on ${staffDateTime(state.stored.at)}` : ''}. Every page is public.`
                  : 'Before launch only /join, /waitlist and staff sign-in are public; staff and early-access passes see the rest.'}
            </p>
          ) : null}
        </div>
        {state && admin && !state.forced ? (
          <button
            type="button"
            className={open ? 'btn-secondary' : 'btn-primary'}
            disabled={busy}
            onClick={() => setConfirm(open ? 'close' : 'launch')}
          >
            {busy ? <Spinner /> : null}
            {open ? 'Undo the launch' : 'Launch the site'}
          </button>
        ) : state && !admin && !state.forced ? (
          <p className="text-sm text-muted">Only an admin can launch the site.</p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => {
          if (!o) setConfirm(null);
        }}
        title={confirm === 'launch' ? 'Launch the site?' : 'Undo the launch?'}
        description={
          confirm === 'launch'
            ? 'Every page opens to everyone at once, and /join and /waitlist stop saying "Launching soon". You can undo it. The launch notification is sent separately, from Campaigns.'
            : 'Visitors are sent to /join again; staff and early-access passes still get in. Anyone who already had the launch notification will not get it again.'
        }
        confirmLabel={confirm === 'launch' ? 'Launch the site' : 'Undo the launch'}
        tone={confirm === 'launch' ? 'primary' : 'danger'}
        onConfirm={() => {
          const which = confirm;
          setConfirm(null);
          if (which) void run(which === 'launch');
        }}
      />
    </section>
  );
}
