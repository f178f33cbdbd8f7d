/**
 * Hardware stock as one blob per unit (docs/shop.md#stock). Server only.
 *
 * A product has a capacity: unit slots `0 … capacity-1`. A checkout holds units by creating the slot
 * blobs `unit/<product>/<slot>` with a conditional write (`onlyIfNew`), so two buyers can never take
 * the same slot: one write wins, the other moves on to the next free slot or, when none is left,
 * is told the product is out of stock. Nothing counts in a single blob (concurrent increments lose
 * updates); units left = capacity minus the slots taken, computed from one list.
 * A held slot becomes sold when the order is made, is deleted when its session expires (or, as a
 * safety net, may be reclaimed STALE_HOLD_MS after its session's end), and a sold one is deleted by a
 * refund: the unit is for sale again. Staff set the units for sale now; the capacity is then chosen
 * so that exactly that many slots below it are free.
 */
import { z } from 'zod';
import { recordStore } from '../../server/storage';
import { HttpError } from '../../server/http';
import { PRODUCTS, getProduct } from '../../../data/products';
import { availabilityOf, type Availability } from '../cart';

/** A held slot whose session ended this long ago may be taken by another buyer. */
export const STALE_HOLD_MS = 2 * 60 * 60_000;
/** Units for sale before staff first set a count, from the catalogue's stock text. */
export const INITIAL_UNITS = { 'In Stock': 10, 'Limited Stock': 3 } as const;
/** Most units staff may put on sale for one product. */
export const MAX_UNITS = 10_000;

const unitSchema = z.object({
  holdId: z.string(),
  state: z.enum(['held', 'sold']),
  /** Epoch ms the checkout session ends (held units). */
  expiresAt: z.number(),
  orderId: z.string().optional(),
});
export type Unit = z.infer<typeof unitSchema>;
const capacitySchema = z.object({ capacity: z.number().int().min(0), setAt: z.string(), units: z.number().int() });

const units = recordStore('shop-stock', unitSchema);
const capacities = recordStore('shop-stock-capacity', capacitySchema);

/** One held or sold unit: the product and its slot. */
export const slotRefSchema = z.object({ productId: z.string(), slot: z.number().int().min(0) });
export type SlotRef = z.infer<typeof slotRefSchema>;

const slotKey = (productId: string, slot: number) => `unit/${productId}/${String(slot).padStart(5, '0')}`;
const slotOf = (key: string) => Number(key.slice(key.lastIndexOf('/') + 1));

/** True for products whose stock is counted (everything shipped). */
export function isCounted(productId: string): boolean {
  const p = getProduct(productId);
  return !!p && p.type !== 'digital' && !p.affiliate_link;
}

async function capacityOf(productId: string): Promise<number> {
  const set = await capacities.get(productId);
  if (set) return set.capacity;
  const p = getProduct(productId);
  if (!p || p.stock === 'Digital Download') return 0;
  return INITIAL_UNITS[p.stock];
}

/** The taken slots of a product (all, also those at or above the capacity). */
async function takenSlots(productId: string): Promise<number[]> {
  return (await units.keys(`unit/${productId}/`)).map(slotOf).filter(Number.isInteger);
}

/** Units of `productId` for sale now (free slots below the capacity). */
export async function unitsLeft(productId: string): Promise<number> {
  const [capacity, taken] = await Promise.all([capacityOf(productId), takenSlots(productId)]);
  return capacity - taken.filter((s) => s < capacity).length;
}

/** What every shipped product shows now: units left and the availability text. */
export async function stockReport(): Promise<Record<string, { left: number; availability: Availability }>> {
  const out: Record<string, { left: number; availability: Availability }> = {};
  await Promise.all(
    PRODUCTS.filter((p) => isCounted(p.id)).map(async (p) => {
      const left = await unitsLeft(p.id);
      out[p.id] = { left, availability: availabilityOf(left) };
    }),
  );
  return out;
}

/** Deletes a slot's blob if it still holds `holdId`'s unit in `state`. */
async function freeSlot(ref: SlotRef, holdId: string, state: Unit['state']): Promise<boolean> {
  const key = slotKey(ref.productId, ref.slot);
  const unit = await units.get(key);
  if (!unit || unit.holdId !== holdId || unit.state !== state) return false;
  await units.delete(key);
  return true;
}

/** Takes one free slot of `productId` for `holdId`, or null when none is left. */
async function claimOne(productId: string, unit: Unit, now: number): Promise<number | null> {
  for (let round = 0; round < 4; round++) {
    const capacity = await capacityOf(productId);
    const taken = new Set(await takenSlots(productId));
    const free = Array.from({ length: capacity }, (_, i) => i).filter((i) => !taken.has(i));
    for (const slot of free) if (await units.create(slotKey(productId, slot), unit)) return slot;
    // Units whose session ended long ago without an 'expired' event: the safety net.
    let reclaimed = false;
    for (const slot of [...taken].filter((s) => s < capacity)) {
      const key = slotKey(productId, slot);
      const held = await units.read(key);
      const stale =
        (held.status === 'ok' && held.value.state === 'held' && held.value.expiresAt + STALE_HOLD_MS < now) ||
        held.status === 'unreadable';
      if (!stale) continue;
      await units.delete(key);
      reclaimed = true;
      if (await units.create(key, unit)) return slot;
    }
    if (!reclaimed && free.length === 0) return null;
  }
  return null;
}

/**
 * Holds `quantity` units of each shipped line for `holdId` until `expiresAt`; all or nothing: when
 * one line cannot be held, what was taken is given back and 409 `out_of_stock` is thrown.
 */
export async function holdUnits(
  holdId: string,
  lines: readonly { id: string; name: string; quantity: number }[],
  expiresAt: number,
  now = Date.now(),
): Promise<SlotRef[]> {
  const held: SlotRef[] = [];
  const unit: Unit = { holdId, state: 'held', expiresAt };
  for (const line of lines) {
    if (!isCounted(line.id)) continue;
    for (let n = 0; n < line.quantity; n++) {
      const slot = await claimOne(line.id, unit, now);
      if (slot === null) {
        await releaseUnits(holdId, held);
        const left = await unitsLeft(line.id);
        throw new HttpError(
          409,
          'out_of_stock',
          left > 0
            ? `Only ${left} of ${line.name} left. Lower the quantity and try again.`
            : `${line.name} is out of stock.`,
          { items: line.id },
        );
      }
      held.push({ productId: line.id, slot });
    }
  }
  return held;
}

/** Gives back the units `holdId` still holds (an expired or failed checkout). */
export async function releaseUnits(holdId: string, slots: readonly SlotRef[]): Promise<number> {
  let n = 0;
  for (const ref of slots) if (await freeSlot(ref, holdId, 'held')) n++;
  return n;
}

/**
 * Marks the held units of `holdId` sold to `orderId`. A unit no longer held (its hold was reclaimed
 * after the session ended) is taken again if one is free; the answer counts the units that could not
 * be had (an order paid for more than is left: staff see it on the order).
 */
export async function sellUnits(
  holdId: string,
  slots: readonly SlotRef[],
  orderId: string,
): Promise<{ sold: SlotRef[]; short: number }> {
  const sold: SlotRef[] = [];
  let short = 0;
  for (const ref of slots) {
    const key = slotKey(ref.productId, ref.slot);
    const found = await units.read(key);
    if (found.status === 'ok' && found.value.holdId === holdId) {
      await units.set(key, { ...found.value, state: 'sold', orderId });
      sold.push(ref);
      continue;
    }
    const slot = await claimOne(ref.productId, { holdId, state: 'sold', expiresAt: 0, orderId }, Date.now());
    if (slot === null) short++;
    else sold.push({ productId: ref.productId, slot });
  }
  return { sold, short };
}

/** Puts the sold units of a refunded order back on sale. */
export async function returnUnits(holdId: string, slots: readonly SlotRef[]): Promise<number> {
  let n = 0;
  for (const ref of slots) if (await freeSlot(ref, holdId, 'sold')) n++;
  return n;
}

/**
 * Staff: `wanted` units of `productId` are for sale from now on. The capacity becomes the smallest
 * number with exactly `wanted` free slots below it (held and sold units keep their slots).
 */
export async function setUnitsForSale(productId: string, wanted: number): Promise<number> {
  if (!isCounted(productId)) throw new HttpError(404, 'not_found', 'No shipped product with this id.');
  const taken = new Set(await takenSlots(productId));
  let capacity = 0;
  let free = 0;
  while (free < wanted) {
    if (!taken.has(capacity)) free++;
    capacity++;
  }
  await capacities.set(productId, { capacity, setAt: new Date().toISOString(), units: wanted });
  return unitsLeft(productId);
}

/** Moves the end of `holdId`'s held units to `expiresAt` (a session waiting for an async payment). */
export async function extendUnits(holdId: string, slots: readonly SlotRef[], expiresAt: number): Promise<void> {
  for (const ref of slots) {
    const key = slotKey(ref.productId, ref.slot);
    const unit = await units.get(key);
    if (unit && unit.holdId === holdId && unit.state === 'held') await units.set(key, { ...unit, expiresAt });
  }
}
