/**
 * /admin, the staff dashboard (docs/site.md#staff-area): tabs Site Pages, Waitlist Management, Email & Settings;
 * once the site is launched, above them the offer to send the launch notification.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import AdminGate from './AdminGate';
import { Tab, TabList, Tabs } from './ui';
import { SITE_PAGES } from '../../lib/admin/pages';
import { $adminAuth, adminFetch } from '../../stores/admin';
import type { Campaign } from '../../lib/campaigns/model';
import { SITE } from '../../config/site';
import StaleCatalogue from './StaleCatalogue';
import LaunchSwitch from './LaunchSwitch';
import { $launch } from '../../stores/launch';

export default function AdminDashboard() {
  return (
    <AdminGate
      variant="dashboard"
      title="Admin Dashboard"
      subtitle="Manage the site, the waitlist and the e-mails subscribers receive."
    >
      <LaunchSwitch />
      <LaunchOffer />
      <StaleCatalogue />
      <Tabs.Root defaultValue="pages">
        <TabList label="Dashboard sections">
          <Tab value="pages">Site Pages</Tab>
          <Tab value="waitlist">Waitlist Management</Tab>
          <Tab value="email">Email &amp; Settings</Tab>
        </TabList>

        <Tabs.Content value="pages" className="mt-6 focus-visible:outline-none">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {SITE_PAGES.map((page) => (
              <li key={page.href}>
                <Card
                  title={page.title}
                  badge={<PageBadge isPublic={page.public === true} />}
                  meta={page.href}
                  description={page.description}
                  action={
                    <a href={page.href} className="btn-secondary w-full" aria-label={`View Page: ${page.title}`}>
                      View Page
                    </a>
                  }
                />
              </li>
            ))}
          </ul>
        </Tabs.Content>

        <Tabs.Content value="waitlist" className="mt-6 focus-visible:outline-none">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Card
              title="Waitlist Management"
              meta="/admin/waitlist"
              description="Search, export and remove subscribers, send welcome e-mails and see signup statistics."
              action={
                <a href="/admin/waitlist" className="btn-primary w-full">
                  Manage Waitlist
                </a>
              }
            />
          </div>
        </Tabs.Content>

        <Tabs.Content value="email" className="mt-6 focus-visible:outline-none">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Card
              title="Email Templates"
              meta="/admin/email-templates"
              description="Edit the welcome e-mails and preview them with sample values."
              action={
                <a href="/admin/email-templates" className="btn-primary w-full">
                  Edit Templates
                </a>
              }
            />
            <Card
              title="Mail"
              meta="/admin/mail"
              description="Every e-mail the site sends: what waits, what was sent, what failed and why; retry a failed mail."
              action={
                <a href="/admin/mail" className="btn-primary w-full">
                  Open the Mail Queue
                </a>
              }
            />
            <Card
              title="Campaigns"
              meta="/admin/campaigns"
              description="E-mail confirmed subscribers: campaigns, the launch notification and early-access waves, with progress and reports."
              action={
                <a href="/admin/campaigns" className="btn-primary w-full">
                  Open Campaigns
                </a>
              }
            />
            <Card
              title="Site Settings"
              meta="/admin/settings"
              badge={<span className="badge bg-surface-2 text-muted">Coming Soon</span>}
              description="Site-wide settings will live here."
              disabled
              action={
                // A disabled link has no href (so it is not focusable) and says so with aria-disabled.
                // eslint-disable-next-line jsx-a11y/anchor-is-valid
                <a role="link" aria-disabled="true" className="btn-secondary w-full cursor-not-allowed opacity-60">
                  Coming Soon
                </a>
              }
            />
          </div>
        </Tabs.Content>
      </Tabs.Root>
    </AdminGate>
  );
}

/**
 * Once the site is launched (the session answer says so): the launch notification the waitlist was
 * promised, offered until one is on its way, then a link to it.
 */
function LaunchOffer() {
  const auth = useStore($adminAuth);
  const launched = auth.status === 'signed-in' && auth.session.launched === true;
  const [launch, setLaunch] = useState<Pick<Campaign, 'id' | 'status'> | null | undefined>(undefined);

  useEffect(() => {
    if (!launched) return;
    adminFetch<Campaign[]>('/api/admin/campaigns')
      .then((all) =>
        setLaunch(
          all.find((c) => c.kind === 'launch' && ['scheduled', 'sending', 'paused', 'sent'].includes(c.status)) ?? null,
        ),
      )
      // Not knowing whether one went out: offer it (the composer shows the archive too).
      .catch(() => setLaunch(null));
  }, [launched]);

  if (!launched || launch === undefined) return null;
  return (
    <section
      className="card mb-6 flex flex-wrap items-center justify-between gap-4 border-brand-300 p-5 dark:border-brand-700"
      aria-labelledby="launch-offer-title"
    >
      <div className="min-w-0">
        <h2 id="launch-offer-title" className="font-semibold">
          {launch ? 'Launch notification' : 'The site is live: send the launch notification'}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {launch
            ? launch.status === 'sent'
              ? 'It went out to the waitlist.'
              : 'It is on its way to the waitlist.'
            : `The waitlist was promised one e-mail the moment ${SITE.name} goes live. It goes to every confirmed waitlist subscriber, once.`}
        </p>
      </div>
      <a
        href={launch ? `/admin/campaigns?id=${encodeURIComponent(launch.id)}` : '/admin/campaigns?kind=launch'}
        className={launch ? 'btn-secondary' : 'btn-primary'}
      >
        {launch
          ? launch.status === 'sent'
            ? 'View its report'
            : 'View its progress'
          : 'Write the launch notification'}
      </a>
    </section>
  );
}

/** Whether a page is public in the site's current state (before launch: /join and /waitlist only). */
function PageBadge({ isPublic }: { isPublic: boolean }) {
  const state = useStore($launch);
  if (!state) return null;
  return state.launched || isPublic ? (
    <span className="badge bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300">Public</span>
  ) : (
    <span className="badge bg-surface-2 text-muted">At launch</span>
  );
}

function Card({
  title,
  meta,
  description,
  badge,
  action,
  disabled = false,
}: {
  title: string;
  meta: string;
  description: string;
  badge?: ReactNode;
  action: ReactNode;
  disabled?: boolean;
}) {
  return (
    // aria-disabled marks the whole 'Coming Soon' card for assistive tech and tests; nothing in it is operable.
    // eslint-disable-next-line jsx-a11y/role-supports-aria-props
    <article className="card flex h-full flex-col p-5" aria-disabled={disabled || undefined}>
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-semibold">{title}</h2>
        {badge}
      </div>
      <p className="mt-0.5 font-mono text-xs text-muted">{meta}</p>
      <p className="mt-3 flex-1 text-sm text-muted">{description}</p>
      <div className="mt-5">{action}</div>
    </article>
  );
}
