/**
 * Campaign storage (`campaigns` store), one blob per fact (docs/campaigns.md, "Storage"):
 * - `c/<campaign>`: the campaign (draft, schedule, status, counts);
 * - `b/<campaign>/<batch>`: one send batch (up to 1,000 recipients): prepared -> submitting ->
 *   submitted / unknown / failed, written before and after its one provider request;
 * - `r/<subscriber>/<campaign>`: the receipt, created once before the recipient's batch is sent: a
 *   recipient gets a campaign at most once, and it is the campaign's entry in their consent ledger;
 * - `i/<subscriber>`: the early-access invitation (one per subscriber, whatever the wave);
 * - `w/<wave>/<subscriber>`: who a wave invited (staff list it), `u/<wave>/<subscriber>`: who used the pass;
 * - `x/<wave>/<subscriber>` or `x/<wave>/*`: a revoked pass, or a revoked wave;
 * - `n/<subscriber>`: the first launch notification that reached the subscriber (one per subscriber,
 *   whatever the launch notification): a later one leaves them out unless staff chose otherwise.
 * Server only.
 */
import { getStore } from '@netlify/blobs';
import { mapLimit } from '../server/storage';
import { fromBase64Url, toBase64Url } from '../base64url';
import { networkOf, PASS_FLAG_NETWORKS } from './pass';
import type { Campaign } from './model';

export const CAMPAIGNS_STORE = 'campaigns';
const store = () => getStore({ name: CAMPAIGNS_STORE, consistency: 'strong' });

export const CAMPAIGN_ID = /^[a-z0-9][a-z0-9-]{0,79}$/;
const SUBSCRIBER_ID = /^[0-9a-f]{64}$/;

/** A new campaign id: time first (the archive lists newest first by id), then random. */
export function newCampaignId(now = Date.now()): string {
  return `c${(9_999_999_999_999 - now).toString(36).padStart(9, '0')}-${crypto.randomUUID().slice(0, 8)}`;
}

export async function readCampaign(id: string): Promise<{ campaign: Campaign; etag: string } | null> {
  if (!CAMPAIGN_ID.test(id)) return null;
  const found = await store().getWithMetadata(`c/${id}`, { type: 'json' });
  if (!found?.data) return null;
  return { campaign: found.data as Campaign, etag: found.etag ?? '' };
}

export async function createCampaign(campaign: Campaign): Promise<boolean> {
  return (await store().setJSON(`c/${campaign.id}`, campaign, { onlyIfNew: true })).modified;
}

/**
 * Changes a campaign with `change` (null: leave it) in a conditional write on the ETag read, read
 * again when another writer got in between. Null when there is no campaign.
 */
export async function updateCampaign(id: string, change: (c: Campaign) => Campaign | null): Promise<Campaign | null> {
  for (let attempt = 0; attempt < 16; attempt++) {
    const found = await readCampaign(id);
    if (!found) return null;
    const next = change(found.campaign);
    if (!next) return found.campaign;
    const r = await store().setJSON(`c/${id}`, next, { onlyIfMatch: found.etag });
    if (r.modified) return next;
    await new Promise((r) => setTimeout(r, Math.random() * 5 * (attempt + 1)));
  }
  throw new Error(`Campaign ${id} changed too often while being updated`);
}

/** Every campaign, newest first (the archive; a handful a month). */
export async function listCampaigns(): Promise<Campaign[]> {
  const { blobs } = await store().list({ prefix: 'c/' });
  const keys = blobs.map((b) => b.key).sort();
  const found = await mapLimit(keys, 16, (k) => store().get(k, { type: 'json' }) as Promise<Campaign | null>);
  return found.filter((c): c is Campaign => !!c);
}

// ---------------------------------------------------------------------------------------------
// Batches

export type BatchStatus = 'prepared' | 'submitting' | 'submitted' | 'unknown' | 'failed';

/** One recipient of a batch, as the index gave them when the batch was made. */
export interface BatchRecipient {
  id: string;
  email: string;
  name: string;
}

export interface Batch {
  n: number;
  status: BatchStatus;
  /** Everyone the plan put in this batch, oldest signup first. */
  recipients: BatchRecipient[];
  /** Who it went (or goes) to, once the receipts and stops were checked: ids. */
  send: string[] | null;
  /** Planned recipients left out: they stopped wanting mail, or already had it. */
  skipped: number;
  at: number;
  providerId?: string;
  error?: string;
}

const batchKey = (campaign: string, n: number) => `b/${campaign}/${String(n).padStart(6, '0')}`;

export async function readBatch(campaign: string, n: number): Promise<{ batch: Batch; etag: string } | null> {
  const found = await store().getWithMetadata(batchKey(campaign, n), { type: 'json' });
  return found?.data ? { batch: found.data as Batch, etag: found.etag ?? '' } : null;
}

/** Writes a batch: created when `etag` is null (false if it exists), else on that ETag. */
export async function writeBatch(campaign: string, batch: Batch, etag: string | null): Promise<string | null> {
  const r = await store().setJSON(
    batchKey(campaign, batch.n),
    batch,
    etag === null ? { onlyIfNew: true } : { onlyIfMatch: etag },
  );
  return r.modified ? (r.etag ?? '') : null;
}

// ---------------------------------------------------------------------------------------------
// Receipts (at most once per recipient and campaign) and invitations (once per subscriber)

export interface Receipt {
  campaign: string;
  batch: number;
  at: number;
  subject: string;
  kind: Campaign['kind'];
}

/**
 * Creates the receipt of `subscriber` for a campaign: true when this batch holds it now (created, or
 * created earlier by the same batch before a restart), false when another batch had it already.
 */
export async function claimReceipt(subscriber: string, receipt: Receipt): Promise<boolean> {
  const key = `r/${subscriber}/${receipt.campaign}`;
  if ((await store().setJSON(key, receipt, { onlyIfNew: true })).modified) return true;
  const existing = (await store().get(key, { type: 'json' })) as Receipt | null;
  return existing?.batch === receipt.batch;
}

/** The campaigns a subscriber's ledger records (receipts), oldest first. */
export async function receiptsOf(subscriber: string): Promise<Receipt[]> {
  if (!SUBSCRIBER_ID.test(subscriber)) return [];
  const { blobs } = await store().list({ prefix: `r/${subscriber}/` });
  const found = await mapLimit(blobs, 8, (b) => store().get(b.key, { type: 'json' }) as Promise<Receipt | null>);
  return found.filter((r): r is Receipt => !!r).sort((a, b) => a.at - b.at);
}

/** Drops the name and address kept with a subscriber's invitation (a staff delete keeps the rest). */
export async function scrubInvitation(subscriber: string): Promise<void> {
  const found = (await store().get(`i/${subscriber}`, { type: 'json' })) as Invitation | null;
  if (!found) return;
  const scrubbed = { ...found, email: '', name: '' };
  await Promise.all([
    store().setJSON(`i/${subscriber}`, scrubbed),
    store().setJSON(`w/${found.wave}/${subscriber}`, scrubbed),
  ]);
}

/** Removes a subscriber's receipts and invitation (a full erasure). */
export async function forgetSubscriber(subscriber: string): Promise<void> {
  const { blobs } = await store().list({ prefix: `r/${subscriber}/` });
  await mapLimit([...blobs.map((b) => b.key), `i/${subscriber}`, `n/${subscriber}`], 8, (k) => store().delete(k));
}

/** A subscriber's launch notification: which one reached them first, in which batch, when. */
export interface LaunchNotice {
  campaign: string;
  batch: number;
  at: number;
}

/**
 * Records that launch notification `notice.campaign` reaches `subscriber`: true when it is theirs
 * (created now, or earlier by the same batch before a restart), false when another launch
 * notification (or another batch of this one) reached them first.
 */
export async function claimLaunchNotice(subscriber: string, notice: LaunchNotice): Promise<boolean> {
  const key = `n/${subscriber}`;
  if ((await store().setJSON(key, notice, { onlyIfNew: true })).modified) return true;
  const existing = (await store().get(key, { type: 'json' })) as LaunchNotice | null;
  return existing?.campaign === notice.campaign && existing.batch === notice.batch;
}

/** Everyone a launch notification has reached so far (one list). */
export async function listNotifiedIds(): Promise<Set<string>> {
  const out = new Set<string>();
  for await (const page of store().list({ prefix: 'n/', paginate: true }))
    for (const b of page.blobs) out.add(b.key.slice(2));
  return out;
}

/** Everyone an early-access wave has invited so far (one list). */
export async function listInvitedIds(): Promise<Set<string>> {
  const out = new Set<string>();
  for await (const page of store().list({ prefix: 'i/', paginate: true }))
    for (const b of page.blobs) out.add(b.key.slice(2));
  return out;
}

export interface Invitation {
  wave: string;
  at: number;
  email: string;
  name: string;
  /** The place in the wave (oldest signup first). */
  rank: number;
}

/** Invites `subscriber` to `wave` unless an earlier wave did: true when this wave holds the invitation. */
export async function claimInvitation(subscriber: string, invitation: Invitation): Promise<boolean> {
  const key = `i/${subscriber}`;
  if ((await store().setJSON(key, invitation, { onlyIfNew: true })).modified) {
    await store().setJSON(`w/${invitation.wave}/${subscriber}`, invitation);
    return true;
  }
  const existing = (await store().get(key, { type: 'json' })) as Invitation | null;
  if (existing?.wave !== invitation.wave) return false;
  await store().setJSON(`w/${invitation.wave}/${subscriber}`, existing);
  return true;
}

/** Who a wave invited, with whether each used their pass and whether it was revoked. */
export async function waveMembers(wave: string): Promise<
  {
    id: string;
    email: string;
    name: string;
    invitedAt: number;
    rank: number;
    usedAt: number | null;
    revoked: boolean;
    /** Each recorded use (at most PASS_USES_KEPT), oldest first. */
    uses: PassUse[];
    /** How many networks (IPv4 /24, IPv6 /64) the pass was opened from. */
    networks: number;
    /** Opened from more networks than one person uses (PASS_FLAG_NETWORKS or more): maybe shared. */
    flagged: boolean;
  }[]
> {
  const s = store();
  const [invited, used, revoked] = await Promise.all(
    ['w', 'u', 'x'].map(async (p) => (await s.list({ prefix: `${p}/${wave}/` })).blobs.map((b) => b.key)),
  );
  const usedAt = new Map<string, number>();
  await mapLimit(used, 8, async (k) => {
    const v = (await s.get(k, { type: 'json' })) as { at?: number } | null;
    usedAt.set(k.slice(k.lastIndexOf('/') + 1), v?.at ?? 0);
  });
  const uses = await passUses(wave);
  const revokedIds = new Set(revoked.map((k) => k.slice(k.lastIndexOf('/') + 1)));
  const all = revokedIds.has('*');
  const rows = await mapLimit(invited, 8, async (k) => {
    const id = k.slice(k.lastIndexOf('/') + 1);
    const inv = (await s.get(k, { type: 'json' })) as Invitation | null;
    return {
      id,
      email: inv?.email ?? '',
      name: inv?.name ?? '',
      invitedAt: inv?.at ?? 0,
      rank: inv?.rank ?? 0,
      usedAt: usedAt.get(id) ?? null,
      revoked: all || revokedIds.has(id),
      uses: uses.get(id) ?? [],
      networks: new Set((uses.get(id) ?? []).map((u) => u.network)).size,
      flagged: new Set((uses.get(id) ?? []).map((u) => u.network)).size >= PASS_FLAG_NETWORKS,
    };
  });
  return rows.sort((a, b) => a.rank - b.rank);
}

// ---------------------------------------------------------------------------------------------
// Passes: use and revocation

/** Uses of one pass kept for staff (the first use is kept apart, always). */
export const PASS_USES_KEPT = 20;

/**
 * Records a use of a pass: the first use (`u/<wave>/<subscriber>`, kept once) and each use with the
 * client address it came from (`v/<wave>/<subscriber>/<time>.<address>`, the address in base64url),
 * one blob per use with everything in its key, so the staff list reads keys only. At most
 * PASS_USES_KEPT uses are kept per pass.
 */
export async function notePassUsed(wave: string, subscriber: string, ip = '', now = Date.now()): Promise<void> {
  const s = store();
  await s.setJSON(`u/${wave}/${subscriber}`, { at: now }, { onlyIfNew: true });
  const { blobs } = await s.list({ prefix: `v/${wave}/${subscriber}/` });
  if (blobs.length >= PASS_USES_KEPT) return;
  const address = toBase64Url(new TextEncoder().encode(ip.slice(0, 64)));
  await s.set(`v/${wave}/${subscriber}/${now.toString(36)}.${address}`, '');
}

/** One recorded use of a pass: when, and from which address and network. */
export interface PassUse {
  at: number;
  ip: string;
  network: string;
}

/** The uses of each pass of `wave` recorded under `v/`, by subscriber id, oldest first. */
async function passUses(wave: string): Promise<Map<string, PassUse[]>> {
  const { blobs } = await store().list({ prefix: `v/${wave}/` });
  const out = new Map<string, PassUse[]>();
  for (const { key } of blobs) {
    const m = /^v\/[^/]+\/([0-9a-f]{64})\/([0-9a-z]+)\.([A-Za-z0-9_-]*)$/.exec(key);
    if (!m) continue;
    const bytes = fromBase64Url(m[3]);
    const ip = bytes ? new TextDecoder().decode(bytes) : '';
    const list = out.get(m[1]) ?? [];
    list.push({ at: parseInt(m[2], 36), ip, network: networkOf(ip) });
    out.set(m[1], list);
  }
  for (const list of out.values()) list.sort((a, b) => a.at - b.at);
  return out;
}

/** Revokes one person's pass in a wave, or the whole wave (`subscriber` null). */
export async function revokePass(wave: string, subscriber: string | null, now = Date.now()): Promise<void> {
  await store().setJSON(`x/${wave}/${subscriber ?? '*'}`, { at: now });
}

/** True when the pass of `subscriber` in `wave` was revoked (the person, or the wave). */
export async function isPassRevoked(wave: string, subscriber: string): Promise<boolean> {
  const { blobs } = await store().list({ prefix: `x/${wave}/` });
  return blobs.some((b) => b.key === `x/${wave}/*` || b.key === `x/${wave}/${subscriber}`);
}
