/**
 * /admin, the staff dashboard (docs/site.md#staff-area): tabs Site Pages, Waitlist Management, Email & Settings.
 */
import type { ReactNode } from 'react';
import AdminGate from './AdminGate';
import { Tab, TabList, Tabs } from './ui';
import { SITE_PAGES } from '../../lib/admin/pages';

export default function AdminDashboard() {
  return (
    <AdminGate
      variant="dashboard"
      title="Admin Dashboard"
      subtitle="Manage the site, the waitlist and the e-mails subscribers receive."
    >
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
                  badge={
                    page.public ? (
                      <span className="badge bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300">
                        Public
                      </span>
                    ) : null
                  }
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
              description="Edit the welcome e-mails, preview them with sample values, and read the local outbox."
              action={
                <a href="/admin/email-templates" className="btn-primary w-full">
                  Edit Templates
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
