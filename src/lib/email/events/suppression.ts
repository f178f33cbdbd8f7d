/**
 * Whether an address is suppressed (a provider event said mail cannot reach it): the mail kinds that
 * are not rendered from a subscriber record (recommendations, a campaign's test copy) ask here before
 * they go; subscriber mail reads the record it renders from. Server only.
 */
import { getSubscriber, normaliseEmail, subscriberId } from '../../subscribers/store';
import { suppressionOf } from '../../subscribers/status';

/** The skip reason of a mail to a suppressed address. */
export const SUPPRESSED_SKIP = 'the address is suppressed (it bounced): no mail of any kind';

/** True when `email` belongs to a subscriber whose address is suppressed. */
export async function isSuppressedAddress(email: string): Promise<boolean> {
  const sub = await getSubscriber(await subscriberId(normaliseEmail(email)));
  return !!sub && !sub.deletedAt && suppressionOf(sub.history) !== null;
}
