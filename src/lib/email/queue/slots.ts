/**
 * Send slots: the send rate (MAIL_SEND_RATE_PER_MINUTE) is the number of slots a minute has, and a
 * mail is sent only at a slot it won with a conditional create, so a minute never holds more than the
 * rate. The request path tries a few slots and then gives up in constant time (`writeAtRequestSlot`);
 * the worker takes the minute's free slots in order (`WorkerSlots`). Server only.
 */
import { getEnv } from '../../server/env';
import { slotKey } from './model';
import { queueStore } from './store';

/** Sends per minute, site-wide: the slots of a minute. */
export function sendRate(): number {
  return getEnv().MAIL_SEND_RATE_PER_MINUTE;
}

/** Other slots tried (at random, each a different one), without a list, after the slot of the moment was taken. */
const RANDOM_TRIES = 4;

/**
 * The minute (and send rate) this instance last found full on the request path: later requests of
 * that minute record their mail as waiting at once, without trying a slot (constant time).
 */
let fullMinute = '';
/** Requests of one minute in a row that found no slot; FULL_AFTER_MISSES of them mark it full. */
let fullMinuteMisses = { minute: '', misses: 0 };
const FULL_AFTER_MISSES = 3;

/** Forgets which minutes this instance found full (tests that empty the store between cases). */
export function forgetFullMinutes(): void {
  fullMinute = '';
  fullMinuteMisses = { minute: '', misses: 0 };
}

/**
 * The request path's send slot: writes `value` at the slot of this moment (the minute divided into
 * `rate` equal parts), then at RANDOM_TRIES slots at random, each a conditional create (two writers
 * never get one slot, and a minute never holds more than the rate). Never a list and never more
 * tries: when they are all taken the mail waits for the worker, which hands out the minute's
 * remaining slots in order (`WorkerSlots`), and once FULL_AFTER_MISSES requests in a row found none
 * the minute counts as full for this instance. A burst therefore costs each signup at most
 * 1 + RANDOM_TRIES writes here, and none once the minute is known full.
 * @returns the slot's key and the write's ETag, or null when no slot was won
 */
export async function writeAtRequestSlot(
  now: number,
  value: (key: string) => unknown,
): Promise<{ key: string; etag: string } | null> {
  const rate = sendRate();
  const minute = `${Math.floor(now / 60_000)}:${rate}`;
  if (fullMinute === minute) return null;
  const tried = new Set<number>();
  const tryWrite = async (slot: number) => {
    tried.add(slot);
    const key = slotKey(now, slot);
    const r = await queueStore().setJSON(key, value(key), { onlyIfNew: true });
    return r.modified ? { key, etag: r.etag ?? '' } : null;
  };
  const won = async (): Promise<{ key: string; etag: string } | null> => {
    const first = await tryWrite(Math.min(rate - 1, Math.floor(((now % 60_000) / 60_000) * rate)));
    if (first) return first;
    for (let i = 0; i < RANDOM_TRIES && tried.size < rate; i++) {
      let slot = Math.floor(Math.random() * rate);
      while (tried.has(slot)) slot = (slot + 1) % rate;
      const got = await tryWrite(slot);
      if (got) return got;
    }
    return null;
  };
  const got = await won();
  if (got) {
    if (fullMinuteMisses.minute === minute) fullMinuteMisses.misses = 0;
    return got;
  }
  // Full for this instance once requests in a row found no slot (one unlucky request in a busy
  // minute does not make the rest of it wait).
  if (fullMinuteMisses.minute !== minute) fullMinuteMisses = { minute, misses: 0 };
  if (++fullMinuteMisses.misses >= FULL_AFTER_MISSES) fullMinute = minute;
  return null;
}

/**
 * The worker's send slots: within one run, the slots of each minute are tried in order from 0 (a
 * cursor per minute, so concurrent attempts of one run never try the same slot), each once, with a
 * conditional create. A minute costs the worker at most `rate` writes, whatever waits; a slot the
 * request path holds is skipped by the write's refusal.
 */
export class WorkerSlots {
  private minute = -1;
  private next = 0;
  async take(now: number, value: (key: string) => unknown): Promise<{ key: string; etag: string } | null> {
    const minute = Math.floor(now / 60_000) * 60_000;
    if (minute !== this.minute) {
      this.minute = minute;
      this.next = 0;
    }
    const rate = sendRate();
    while (this.next < rate) {
      const slot = this.next++;
      const key = slotKey(minute, slot);
      const r = await queueStore().setJSON(key, value(key), { onlyIfNew: true });
      if (r.modified) return { key, etag: r.etag ?? '' };
    }
    return null;
  }
}

/** Start of the minute after `now`. */
export const nextMinute = (now: number) => Math.floor(now / 60_000) * 60_000 + 60_000;
