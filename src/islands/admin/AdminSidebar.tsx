/** Sidebar of the admin screens: the admin area's navigation and the site's pages (docs/site.md#routes). */
import { ADMIN_NAV, SITE_PAGES } from '../../lib/admin/pages';
import { useCan } from './useCan';

export default function AdminSidebar({ current }: { current: string }) {
  const can = useCan();
  return (
    <aside className="card order-last h-fit p-4 lg:sticky lg:top-24 lg:order-none" aria-label="Admin sidebar">
      <nav aria-label="Admin">
        <p className="px-2 text-xs font-semibold uppercase tracking-wide text-muted">Admin</p>
        <ul className="mt-2 grid gap-0.5 text-sm">
          {ADMIN_NAV.filter((item) => !item.needs || can(...item.needs)).map((item) => (
            <li key={item.href}>
              <a
                href={item.href}
                aria-current={item.href === current ? 'page' : undefined}
                className="block rounded-lg px-2 py-2 font-medium hover:bg-surface-2 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700 dark:aria-[current=page]:bg-brand-700/20 dark:aria-[current=page]:text-brand-300"
              >
                {item.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Website pages" className="mt-5 border-t border-line pt-4">
        <p className="px-2 text-xs font-semibold uppercase tracking-wide text-muted">Website pages</p>
        <ul className="mt-2 grid grid-cols-2 gap-0.5 text-sm lg:grid-cols-1">
          {SITE_PAGES.map((page) => (
            <li key={page.href}>
              <a
                href={page.href}
                className="block rounded-lg px-2 py-1.5 text-muted hover:bg-surface-2 hover:text-fg"
                title={page.href}
              >
                {page.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
