/**
 * The subscriber's ledger as staff read it: the record's own events plus the campaigns it received.
 * Server only.
 */
import type { LedgerEvent } from '../subscribers/ledger';
import { readBatch, receiptsOf } from '../campaigns/store';

/** The ledger outcome of a campaign batch's state. */
const BATCH_OUTCOME = {
  submitted: 'sent',
  unknown: 'unknown',
  failed: 'failed',
  prepared: 'queued',
  submitting: 'queued',
} as const;

/**
 * A subscriber's whole ledger, oldest first: the events kept on the record, and the campaigns it
 * received, kept as receipts beside the campaign (src/lib/campaigns/store.ts) and merged in here (a read across
 * two domains, so it lives in the composition layer: docs/architecture.md) in
 * time order, each with its batch's outcome. What the staff timeline and the proof-of-consent CSV show.
 */
export async function ledgerOf(sub: { id: string; history: LedgerEvent[] }): Promise<LedgerEvent[]> {
  const receipts = await receiptsOf(sub.id);
  if (receipts.length === 0) return sub.history;
  // One read per batch, however many of its receipts this subscriber has (they are read in parallel).
  const batches = new Map<string, ReturnType<typeof readBatch>>();
  const events = await Promise.all(
    receipts.map(async (r): Promise<LedgerEvent> => {
      const key = `${r.campaign}/${r.batch}`;
      if (!batches.has(key)) batches.set(key, readBatch(r.campaign, r.batch));
      const batch = (await batches.get(key))?.batch;
      const went = batch?.send?.includes(sub.id) ?? false;
      return {
        at: new Date(r.at).toISOString(),
        type: 'campaign-sent',
        outcome: !batch ? 'unknown' : !batch.send ? 'queued' : went ? BATCH_OUTCOME[batch.status] : 'skipped',
        detail: `${r.kind} "${r.subject}" (campaign ${r.campaign})`,
      };
    }),
  );
  return [...sub.history, ...events].sort((a, b) => a.at.localeCompare(b.at));
}
