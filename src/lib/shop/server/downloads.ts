/**
 * Signed download links (docs/shop.md#download-rules). Server only.
 *
 * A link names the order, the product and the order's current grant, and is signed with
 * SESSION_SECRET (HMAC-SHA256 by src/lib/server/tokens.ts; the purpose `download:` is part of the key, the signed text
 * is the payload alone, as links already sent were signed). It works for DOWNLOAD_DAYS after the
 * grant was issued and for DOWNLOAD_LIMIT downloads; a refund or a new grant (staff re-sent the
 * receipt) ends it. Each download takes one slot `<order>/<product>/<grant>/<n>` with a conditional
 * write, so the limit holds under concurrent clicks.
 */
import { z } from 'zod';
import { signToken, tokenSignatureValid, type Signed } from '../../server/tokens';
import { requireConfig } from '../../server/env';
import { recordStore } from '../../server/storage';
import { fromBase64Url, toBase64Url } from '../../base64url';

export const DOWNLOAD_DAYS = 7;
export const DOWNLOAD_LIMIT = 5;
const DAY_MS = 24 * 60 * 60_000;

const encoder = new TextEncoder();
const uses = recordStore('shop-downloads', z.object({ at: z.string() }));

export interface DownloadClaim {
  orderId: string;
  productId: string;
  grant: string;
  expiresAt: number;
}

const downloadKey = () => `download:${requireConfig('SESSION_SECRET')}`;
/** The payload `<order>|<product>|<grant>|<expires ms>` is the whole signed text. */
const signed = (payload: string): Signed => ({ purpose: payload, fields: [] });

function sign(payload: string): Promise<string> {
  return signToken(downloadKey(), signed(payload));
}

/** The token of one download link. */
export async function downloadToken(claim: DownloadClaim): Promise<string> {
  const payload = [claim.orderId, claim.productId, claim.grant, String(claim.expiresAt)].join('|');
  return `${toBase64Url(encoder.encode(payload))}.${await sign(payload)}`;
}

/** The claim of a valid, unexpired token; null for anything malformed, tampered with or expired. */
export async function verifyDownloadToken(token: string, now = Date.now()): Promise<DownloadClaim | null> {
  if (!token || token.length > 600) return null;
  const [encoded, sig, extra] = token.split('.');
  if (!encoded || !sig || extra !== undefined) return null;
  const bytes = fromBase64Url(encoded);
  if (!bytes) return null;
  // One spelling per token: refuse non-canonical base64url (spare bits of the last character).
  if (toBase64Url(bytes) !== encoded) return null;
  const payload = new TextDecoder().decode(bytes);
  if (!(await tokenSignatureValid(downloadKey(), signed(payload), sig))) return null;
  const [orderId, productId, grant, expires] = payload.split('|');
  const expiresAt = Number(expires);
  if (!orderId || !productId || !grant || !Number.isFinite(expiresAt) || expiresAt < now) return null;
  return { orderId, productId, grant, expiresAt };
}

/** When links of a grant issued at `issuedAt` stop working. */
export function grantExpiry(issuedAt: string): number {
  return Date.parse(issuedAt) + DOWNLOAD_DAYS * DAY_MS;
}

const prefixOfUses = (c: Pick<DownloadClaim, 'orderId' | 'productId' | 'grant'>) =>
  `${c.orderId}/${c.productId}/${c.grant}/`;

/** Downloads used of a link. */
export async function downloadsUsed(c: Pick<DownloadClaim, 'orderId' | 'productId' | 'grant'>): Promise<number> {
  return (await uses.keys(prefixOfUses(c))).length;
}

/** Takes one of the link's DOWNLOAD_LIMIT downloads; false when all are used. */
export async function takeDownload(c: DownloadClaim): Promise<boolean> {
  for (let n = 0; n < DOWNLOAD_LIMIT; n++) {
    if (await uses.create(`${prefixOfUses(c)}${n}`, { at: new Date().toISOString() })) return true;
  }
  return false;
}
