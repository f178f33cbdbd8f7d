/**
 * The sweep: finds attempts the request path claimed and never finished (the process died
 * mid-send), minute by minute, and settles them as unknown once their claim ran out; gives a waiting
 * entry that lost its due marker a new one. The worker runs it first. Server only.
 */
import { mapLimit } from '../../server/storage';
import { settleCutOff, type MailHandlers } from './attempt';
import { dueKey, isCutOff, LEASE_MS, minuteFolder, parseKey } from './model';
import { markersUnder, readEntry, queueStore, waitingDue } from './store';

/** How far the sweep has looked (the start of the last minute it finished). */
const SWEEP_KEY = 'sweep';
/** Minutes one sweep looks at, at most (the rest wait for the next run). */
const SWEEP_MAX_MINUTES = 24 * 60;

export interface SweepReport {
  /** Minutes looked at in this run. */
  minutes: number;
  /** Attempts found cut off and settled as unknown. */
  unknown: number;
  /** Waiting entries that had lost their due marker (a crash between two writes), given one again. */
  requeued: number;
}

/**
 * Finds attempts the request path claimed and never finished (the process died mid-send), minute by
 * minute from where the last sweep stopped until the oldest minute whose claims may still be live:
 * an entry claimed at a send slot without a final marker is read, and settled as unknown when its
 * claim ran out. Usually a minute costs one list and no read (every entry has its outcome marker);
 * never a list of the due markers, however many mails wait.
 */
export async function sweep(handlers: MailHandlers, now = Date.now()): Promise<SweepReport> {
  const s = queueStore();
  const report: SweepReport = { minutes: 0, unknown: 0, requeued: 0 };
  const end = Math.floor((now - LEASE_MS) / 60_000) * 60_000 - 60_000; // last minute whose claims are over
  const saved = (await s.get(SWEEP_KEY, { type: 'json' }).catch(() => null)) as { through?: number } | null;
  let from = typeof saved?.through === 'number' ? saved.through + 60_000 : end - 2 * 60 * 60_000;
  from = Math.max(from, end - SWEEP_MAX_MINUTES * 60_000);
  if (from > end) return report;
  let through = from - 60_000;
  for (let minute = from; minute <= end; minute += 60_000) {
    // One list of this minute's folder: its entries and their outcome markers. Never a wider prefix
    // (a day's folder): a run would then read every mail of the day again, each minute.
    const keys: string[] = [];
    for await (const page of s.list({ prefix: minuteFolder(minute), paginate: true })) {
      for (const b of page.blobs) keys.push(b.key);
    }
    const finals = new Set(keys.flatMap((k) => (parseKey(k).type === 'final' ? [k.slice(0, k.lastIndexOf('~'))] : [])));
    // A waiting entry's due marker is written before it (at its second: `waitingDue`) and removed
    // only after its outcome: one list of the markers of this minute's seconds shows which still
    // have theirs, without reading the entries. The rest (an entry claimed at a slot without an
    // outcome, a waiting one whose marker was lost or moved by a retry) are read.
    const marked = new Set<string>();
    if (keys.some((k) => parseKey(k).type === 'waiting' && !finals.has(k))) {
      const prefixes = new Set([minute, minute + 59_999].map((t) => `d/${String(t).padStart(13, '0').slice(0, 8)}`));
      for (const prefix of prefixes) for (const m of await markersUnder(prefix)) marked.add(m.entryKey);
    }
    const open = keys.filter((k) => {
      const t = parseKey(k).type;
      return (t === 'slot' || (t === 'waiting' && !marked.has(k))) && !finals.has(k);
    });
    let settled = true;
    await mapLimit(open, 8, async (key) => {
      const found = await readEntry(key);
      if (!found) return; // a send slot holding a reference to a later attempt, or unreadable
      const { entry } = found;
      if (entry.state === 'queued' || entry.state === 'retry') {
        // A retry whose due marker a crash left unwritten (rewriting an existing one changes nothing);
        // a waiting entry's marker is filed under its second, as `sendMail` writes it.
        const due = entry.nextAttemptAt ?? now;
        await s.setJSON(
          dueKey(parseKey(key).type === 'waiting' && entry.state === 'queued' ? waitingDue(due) : due, key),
          {},
        );
        report.requeued += 1;
      } else if (isCutOff(entry, now)) {
        await settleCutOff(key, entry, handlers[entry.kind], now);
        report.unknown += 1;
      } else settled = false;
    });
    if (!settled) break;
    through = minute;
    report.minutes += 1;
  }
  if (through >= from) await s.setJSON(SWEEP_KEY, { through });
  return report;
}
