/**
 * The inbox an address delivers to, for limits that protect a person's inbox (docs/consent-and-mail.md,
 * "Mail limits"). Many providers deliver `name+anything@` to `name@`, and Gmail also ignores dots in
 * the name and treats googlemail.com as gmail.com: `x+a@gmail.com`, `x.y@gmail.com` and
 * `xy@googlemail.com` are one inbox. The subscriber record keeps the address as typed; only the
 * per-recipient counts use this form. Pure.
 */

/** Domains that are one mail system. */
const DOMAIN_ALIASES: Record<string, string> = { 'googlemail.com': 'gmail.com' };
/** Domains whose mailbox names ignore dots. */
const DOTLESS = new Set(['gmail.com']);

/**
 * The canonical inbox of an e-mail address: lower case, a `+tag` removed, the domain's aliases and
 * (for Gmail) dots folded. An address without `@` is returned trimmed and lower-cased.
 */
export function canonicalInbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const domain = DOMAIN_ALIASES[address.slice(at + 1)] ?? address.slice(at + 1);
  let local = address.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS.has(domain)) local = local.replace(/\./g, '') || local;
  return `${local}@${domain}`;
}
