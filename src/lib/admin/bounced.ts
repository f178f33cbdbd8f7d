/**
 * The staff filter "bounced" (GET /api/admin/waitlist?status=bounced): every subscriber whose address
 * is suppressed, newest bounce first, read from the records the webhook noted (src/lib/email/events).
 * Bounces are few next to the list, so this reads their records instead of keeping another index.
 * Server only.
 */
import { mapLimit } from '../server/storage';
import { HttpError, json } from '../server/http';
import { suppressedIds } from '../email/events/store';
import { subscriberStore } from '../subscribers/store';
import { toAdminSubscriber, type AdminSubscriber } from './subscribers';

/** The bounced subscribers (at most `limit`) and how many there are. */
export async function bouncedSubscribers(limit: number): Promise<{ rows: AdminSubscriber[]; total: number }> {
  const ids = await suppressedIds();
  const rows = (
    await mapLimit(ids, 16, async (id) => {
      const sub = await subscriberStore.get(id);
      return sub && !sub.deletedAt ? toAdminSubscriber(sub) : null;
    })
  ).filter((r): r is AdminSubscriber => !!r?.bounced);
  rows.sort((a, b) => b.bounced!.at.localeCompare(a.bounced!.at));
  return { rows: rows.slice(0, limit), total: rows.length };
}

/** Values of the `status` filter this answers (the other statuses are the index listing's). */
export const STATUS_FILTERS = ['bounced'] as const;

/** The answer of GET /api/admin/waitlist?status=… : 400 for a filter it does not know. */
export async function statusFilterAnswer(status: string, limit: number): Promise<Response> {
  if (!(STATUS_FILTERS as readonly string[]).includes(status))
    throw new HttpError(400, 'invalid_input', `status must be one of: ${STATUS_FILTERS.join(', ')}.`, {
      status: `One of: ${STATUS_FILTERS.join(', ')}`,
    });
  const { rows, total } = await bouncedSubscribers(limit);
  return json(rows, { headers: { 'x-total-count': String(total), 'x-unreadable-count': '0' } });
}
