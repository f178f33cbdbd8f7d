/**
 * Local defaults for ADMIN_KEY and SESSION_SECRET that this repository's history holds. They are
 * public (anyone can read them there), so a staff key or secret equal to one of them is
 * refused everywhere, local mode included: docs/consent-and-mail.md, "Secrets fail closed".
 *
 * No imports here: the edge gate (Deno) loads this file directly.
 */
export const PUBLISHED_SECRETS: readonly string[] = ['local-admin-key', 'local-session-secret-change-me-0123456789'];

/** True when `value` is a published value, which signs and opens nothing. */
export function isPublishedSecret(value: string): boolean {
  return PUBLISHED_SECRETS.includes(value);
}
