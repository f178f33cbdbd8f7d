/**
 * Staff accounts and their one-time sign-in links (docs/staff.md). Server only.
 *
 * Store `staff` (strong consistency), one blob per record (docs/storage.md: never an array in one blob):
 * - `account/<id>`: the account ({@link StaffMember}); removing it ends every session of the account,
 *   since each admin request reads it (src/lib/admin/auth.ts);
 * - `email/<sha-256 of the address>`: `{ id }`, so an address names at most one account;
 * - `link/<sha-256 of the token>`: `{ staffId, expiresAt }`, one blob per link, deleted when used
 *   (`used/<same hash>` marks it taken). Only the hash is stored: the token exists in the mail only.
 */
import { getStore } from '@netlify/blobs';
import { z } from '../zod';
import { hashKey } from '../server/storage';
import { toBase64Url } from '../base64url';
import { newSessionId } from './session';
import { ROLES, type Role } from './roles';
import type { StaffMember } from './staff-schemas';

const store = () => getStore({ name: 'staff', consistency: 'strong' });

/** A login link works this long. */
export const LOGIN_LINK_TTL_MS = 15 * 60_000;
/** An invitation's link works this long (a new one can be asked for at any time on /admin). */
export const INVITE_LINK_TTL_MS = 24 * 60 * 60_000;

const ID = /^[A-Za-z0-9_-]{22}$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const accountSchema = z.object({
  id: z.string().regex(ID),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  createdBy: z.string(),
});
const linkSchema = z.object({ staffId: z.string().regex(ID), expiresAt: z.number() });

const emailKey = async (email: string) => `email/${await hashKey(`staff-email|${email.trim().toLowerCase()}`)}`;
const linkKey = async (token: string) => `link/${await hashKey(`staff-link|${token}`)}`;

/** Whether `id` has the shape of a staff id. */
export function isStaffId(id: string): boolean {
  return ID.test(id);
}

async function readJson(key: string): Promise<unknown> {
  try {
    const text = await store().get(key, { type: 'text' });
    return text ? JSON.parse(text) : null;
  } catch (err) {
    console.error(`[staff] could not read ${key}`, err);
    throw err;
  }
}

/** The account with this id, or null (a damaged record counts as no account: fail closed). */
export async function getStaff(id: string): Promise<StaffMember | null> {
  if (!ID.test(id)) return null;
  const parsed = accountSchema.safeParse(await readJson(`account/${id}`).catch(() => null));
  return parsed.success ? parsed.data : null;
}

/** The account of an e-mail address, or null. */
export async function staffByEmail(email: string): Promise<StaffMember | null> {
  const ref = z.object({ id: z.string() }).safeParse(await readJson(await emailKey(email)).catch(() => null));
  if (!ref.success) return null;
  const found = await getStaff(ref.data.id);
  // An index left behind by a removal that was cut off names nobody.
  return found && found.email === email.trim().toLowerCase() ? found : null;
}

/** Every account, oldest first. */
export async function listStaff(): Promise<StaffMember[]> {
  const { blobs } = await store().list({ prefix: 'account/' });
  const found = await Promise.all(blobs.map((b) => getStaff(b.key.slice('account/'.length))));
  return found
    .filter((s): s is StaffMember => s !== null)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/**
 * Creates an account; null when the address already has one. The address is claimed with a
 * conditional write first, so two invitations of one address at once make one account.
 */
export async function createStaff(
  input: Omit<StaffMember, 'id' | 'createdAt'>,
  now = new Date(),
): Promise<StaffMember | null> {
  const member: StaffMember = {
    ...input,
    email: input.email.trim().toLowerCase(),
    id: newSessionId(),
    createdAt: now.toISOString(),
  };
  const key = await emailKey(member.email);
  const claimed = await store().setJSON(key, { id: member.id }, { onlyIfNew: true });
  if (!claimed.modified) {
    // The address is taken, unless by a record that no longer exists (a removal cut off halfway).
    if (await staffByEmail(member.email)) return null;
    await store().setJSON(key, { id: member.id });
  }
  await store().setJSON(`account/${member.id}`, member);
  return member;
}

/**
 * Gives an account another role, effective at its next request (each admin request reads the account).
 * A conditional write: an account removed meanwhile is never brought back. Null when there is none.
 * @returns the account as it is now, and the role it had
 */
export async function changeStaffRole(
  id: string,
  role: Role,
): Promise<{ member: StaffMember; previousRole: Role } | null> {
  if (!ID.test(id)) return null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = await store().getWithMetadata(`account/${id}`, { type: 'json' });
    const parsed = accountSchema.safeParse(found?.data);
    if (!found || !parsed.success) return null;
    const member = { ...parsed.data, role };
    if (parsed.data.role === role) return { member, previousRole: role };
    const written = await store().setJSON(`account/${id}`, member, { onlyIfMatch: found.etag });
    if (written.modified) return { member, previousRole: parsed.data.role };
  }
  throw new Error(`staff account ${id} kept changing; its role was not changed`);
}

/** Removes an account (its sessions end with it); false when there was none. */
export async function removeStaff(id: string): Promise<StaffMember | null> {
  const found = await getStaff(id);
  if (!found) return null;
  // The account first: from this moment every session of it is refused.
  await store().delete(`account/${id}`);
  await store().delete(await emailKey(found.email));
  return found;
}

/** A new one-time sign-in link's token for `staffId` (only its hash is stored). */
export async function createLinkToken(staffId: string, ttlMs: number, now = Date.now()): Promise<string> {
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  await store().setJSON(await linkKey(token), { staffId, expiresAt: now + ttlMs });
  return token;
}

export type LinkCheck = { ok: true; staff: StaffMember } | { ok: false; reason: 'invalid' | 'expired' };

/** What a link would do, without using it (the page a GET shows). */
export async function peekLink(token: string, now = Date.now()): Promise<LinkCheck> {
  if (!TOKEN.test(token)) return { ok: false, reason: 'invalid' };
  const link = linkSchema.safeParse(await readJson(await linkKey(token)).catch(() => null));
  if (!link.success) return { ok: false, reason: 'invalid' };
  if (link.data.expiresAt <= now) return { ok: false, reason: 'expired' };
  const staff = await getStaff(link.data.staffId);
  return staff ? { ok: true, staff } : { ok: false, reason: 'invalid' };
}

/**
 * Uses a link: it is deleted whatever the outcome, so it never works twice. Two presses at the same
 * moment: each first claims `used/<hash>` with a conditional write, and only the one that made it
 * signs in (Netlify checks `onlyIfNew` atomically).
 */
export async function consumeLink(token: string, now = Date.now()): Promise<LinkCheck> {
  const check = await peekLink(token, now);
  if (!TOKEN.test(token)) return check;
  const key = await linkKey(token);
  if (check.ok) {
    const claim = await store().setJSON(`used/${key.slice('link/'.length)}`, { at: now }, { onlyIfNew: true });
    if (!claim.modified) return { ok: false, reason: 'invalid' };
  }
  await store().delete(key);
  return check;
}
