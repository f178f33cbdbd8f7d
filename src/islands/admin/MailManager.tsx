/**
 * /admin/mail: the mail queue (every e-mail the site sends, with its state and attempts) and, in
 * local mode without a SendGrid key, the outbox the messages are delivered to.
 */
import AdminGate from './AdminGate';
import AdminSidebar from './AdminSidebar';
import MailQueuePanel from './MailQueuePanel';
import OutboxPanel from './OutboxPanel';
import { useCan } from './useCan';

export default function MailManager() {
  return (
    <AdminGate variant="page" title="Mail" subtitle="Every e-mail the site sends: waiting, sent and failed.">
      <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <AdminSidebar current="/admin/mail" />
        <div className="grid min-w-0 grid-cols-1 gap-10">
          <MailQueuePanel />
          <OutboxIfAllowed />
        </div>
      </div>
    </AdminGate>
  );
}

/** The outbox holds every mail's full text, sign-in links included: admins only (docs/staff.md). */
function OutboxIfAllowed() {
  const can = useCan();
  return can('GET', '/outbox') ? <OutboxPanel /> : null;
}
