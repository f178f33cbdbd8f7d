/**
 * A phone's price as the results write it. Kept apart from format.ts, which is part of the wizard's
 * start-up script: only the results (loaded with import()) name a phone's price, and the wording of
 * an unconfirmed Canadian price would otherwise ship with the first question. Pure; client-safe.
 */
import { usdText } from '../catalogue/us-launch';
import type { Phone } from '../catalogue/schema';
import { formatPrice } from './format';

/**
 * A phone's price: '$1,288.99', written as the shop and the mail write it (two decimals: the same
 * text as `formatCad`, which this start-up module does not import to keep the wizard small), or
 * 'about $2,420' when it is a conversion (not sold in Canada: cents would claim a precision it lacks),
 * and 'about $1,449 (estimated from the US$899.99 US launch price: Canadian price not confirmed)' when no
 * Canadian price was found (docs/recommender.md, "Canadian price not confirmed").
 */
export function phonePriceLabel(
  phone: Pick<Phone, 'price' | 'priceEstimated'> & { pricing?: Pick<Phone['pricing'], 'currentCad' | 'usLaunch'> },
): string {
  const us = phone.pricing?.usLaunch;
  if (us && phone.pricing?.currentCad === null)
    return `about ${formatPrice(phone.price)} (estimated from the ${usdText(us.usd)} US launch price: Canadian price not confirmed)`;
  return phone.priceEstimated ? `about ${formatPrice(phone.price)}` : formatPrice(phone.price, 2);
}
