/**
 * What a checkout session holds while it is open (docs/shop.md, "Stock"): its priced lines and the
 * stock units taken for it, one record per session in the `shop-holds` store. Server only.
 */
import { z } from 'zod';
import { recordStore } from '../../server/storage';
import { slotRefSchema } from './stock';

export const holdSchema = z.object({
  holdId: z.string(),
  sessionId: z.string().nullable(),
  mode: z.enum(['stripe', 'test']),
  lines: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(['hardware', 'accessory', 'digital']),
      quantity: z.number().int(),
      unitAmount: z.number().int(),
    }),
  ),
  units: z.array(slotRefSchema),
  expiresAt: z.number(),
  createdAt: z.string(),
  state: z.enum(['open', 'complete', 'expired']),
});
export type Hold = z.infer<typeof holdSchema>;
export const holds = recordStore('shop-holds', holdSchema);
/** The key of a session's hold. */
export const sessionHoldKey = (sessionId: string) => `session/${sessionId}`;
