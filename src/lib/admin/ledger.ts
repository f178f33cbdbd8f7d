/**
 * A subscriber's whole consent ledger as staff read it (the timeline and the proof-of-consent CSV):
 * the events kept on the record, and the campaigns it received, kept as receipts beside the
 * campaign (src/lib/campaigns/store.ts) and merged in here in time order, each with its batch's
 * outcome. Server only.
 */
import { readBatch, receiptsOf } from '../campaigns/store';
import type { LedgerEvent, Subscriber } from '../signups/schemas';

const OUTCOME = {
  submitted: 'sent',
  unknown: 'unknown',
  failed: 'failed',
  prepared: 'queued',
  submitting: 'queued',
} as const;

/** The record's ledger with its campaign receipts, oldest first. */
export async function ledgerOf(sub: Subscriber): Promise<LedgerEvent[]> {
  const receipts = await receiptsOf(sub.id);
  if (receipts.length === 0) return sub.history;
  const batches = new Map<string, Awaited<ReturnType<typeof readBatch>>>();
  const events = await Promise.all(
    receipts.map(async (r): Promise<LedgerEvent> => {
      const key = `${r.campaign}/${r.batch}`;
      if (!batches.has(key)) batches.set(key, await readBatch(r.campaign, r.batch));
      const batch = batches.get(key)?.batch;
      const went = batch?.send?.includes(sub.id) ?? false;
      return {
        at: new Date(r.at).toISOString(),
        type: 'campaign-sent',
        outcome: !batch ? 'unknown' : !batch.send ? 'queued' : went ? OUTCOME[batch.status] : 'skipped',
        detail: `${r.kind} "${r.subject}" (campaign ${r.campaign})`,
      };
    }),
  );
  return [...sub.history, ...events].sort((a, b) => a.at.localeCompare(b.at));
}
