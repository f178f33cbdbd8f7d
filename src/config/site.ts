/**
 * Site-wide values, one typed module.
 *
 * ⚠️ This file is imported by pages AND by browser code. Never put a secret here:
 * secrets (admin key, mail key, session secret) come from the server's environment
 * through `src/lib/server/env.ts`.
 */

export interface SocialLink {
  /** Accessible name of the link. */
  label: string;
  /** Target address; `null` when the network has no page yet (the footer lists the short-video app before it has a page). */
  href: string | null;
  /** Icon key understood by `components/SocialIcon.astro`. */
  icon: 'youtube' | 'tiktok' | 'instagram' | 'threads';
}

export interface NavItem {
  label: string;
  href: string;
}

export const SITE = {
  /** The product's name, used wherever a page shows the brand (titles, consent, footer). */
  name: 'Maple Tech',
  /** The brand written without a space (the walls page title). */
  nameNoSpace: 'MapleTech',
  /** Public origin used for canonical URLs, sitemap and RSS. The server reads SITE_URL for links in e-mail. */
  url: 'https://mapletech.ca',
  tagline: 'Your trusted source for smartphone recommendations and tech knowledge in Kitchener, Ontario.',
  description:
    'Smartphone recommendations, tech tutorials, a small shop and phone wallpapers from a local tech business in Kitchener, Ontario.',
  /** Business contact e-mail (footer, collaboration text, e-mail sender identification). */
  email: 'hello@mapletech.ca',
  /** Where the business is, as shown in the footer. */
  region: 'Ontario, Canada',
  /** Postal address required by CASL in every commercial e-mail. */
  mailingAddress: '305 King St W, Kitchener, ON N2G 1B9, Canada',
  locale: 'en-CA',
  /** The business's time zone: what "a day" means in the staff statistics (docs/storage.md, "Statistics"). */
  timeZone: 'America/Toronto',
  currency: 'CAD',
  socials: [
    { label: 'YouTube', href: 'https://www.youtube.com/@mapletech', icon: 'youtube' },
    { label: 'TikTok', href: null, icon: 'tiktok' },
    { label: 'Instagram', href: 'https://www.instagram.com/mapletech.ca', icon: 'instagram' },
    { label: 'Threads', href: 'https://www.threads.net/@mapletech.ca', icon: 'threads' },
  ] satisfies SocialLink[],
  partners: ['Samsung', 'Intel', 'Walmart', 'Rode'],
  nav: [
    { label: 'Home', href: '/' },
    { label: 'About Us', href: '/about' },
    { label: 'Phone Recommender', href: '/phone-recommender' },
    { label: 'Blog', href: '/blog' },
    { label: 'Shop', href: '/shop' },
    { label: 'Walls', href: '/walls' },
    { label: 'Waitlist', href: '/waitlist' },
  ] satisfies NavItem[],
  affiliateDisclosure:
    'As an affiliate, we may earn a commission from qualifying purchases made through links on this site, at no extra cost to you.',
  /** Only this host may be embedded (privacy-enhanced YouTube), see netlify.toml CSP. */
  videoEmbedOrigin: 'https://www.youtube-nocookie.com',
} as const;

export type Site = typeof SITE;
