/**
 * The site's pages as the admin screens list them (dashboard 'Site Pages', waitlist sidebar).
 * Client-safe.
 */
export interface SitePage {
  title: string;
  href: string;
  description: string;
  /** Open to everyone before launch (docs/site.md#pre-launch-gate). */
  public?: boolean;
}

export const SITE_PAGES: readonly SitePage[] = [
  {
    title: 'Home',
    href: '/',
    description: 'Hero, featured products, latest posts and the newsletter block (dev mode only before launch).',
  },
  { title: 'About', href: '/about', description: 'Our story, featured videos, partners and collaboration.' },
  { title: 'Phone Recommender', href: '/phone-recommender', description: 'The guided smartphone recommender.' },
  { title: 'Blog', href: '/blog', description: 'Tutorials, reviews and tech news.' },
  { title: 'Shop', href: '/shop', description: 'Hardware, accessories and digital products.' },
  { title: 'Walls', href: '/walls', description: 'Mobile wallpapers for Apple, Samsung and Google phones.' },
  { title: 'Waitlist', href: '/waitlist', description: 'The public waitlist page.', public: true },
  {
    title: 'Standalone Waitlist',
    href: '/join',
    description: 'The landing page pre-launch visitors see.',
    public: true,
  },
];

/** The admin area's own screens; `needs` is the call a screen is for, shown only to roles allowed it (roles.ts). */
export const ADMIN_NAV: readonly { title: string; href: string; needs?: readonly [string, string] }[] = [
  { title: 'Dashboard', href: '/admin' },
  { title: 'Waitlist', href: '/admin/waitlist' },
  { title: 'Email Templates', href: '/admin/email-templates' },
  { title: 'Mail', href: '/admin/mail' },
  { title: 'Campaigns', href: '/admin/campaigns' },
  { title: 'Orders', href: '/admin/orders' },
  { title: 'Staff', href: '/admin/staff', needs: ['GET', '/staff'] },
  { title: 'Audit trail', href: '/admin/audit', needs: ['GET', '/audit'] },
];
