// Writes realistic subscribers through the real Blobs client: each one is the record (built by the
// site's own applySignup and schema) and its index keys (subscriberIndexKeys), as a signup would
// leave them, with bounded concurrency. A statistics snapshot is taken at the end, because seeded
// records are back-dated (a live signup never is) and would otherwise be missing from an older one.
import { createHash } from 'node:crypto';
import { getStore } from '@netlify/blobs';

const FIRST = [
  'Ada',
  'Grace',
  'Linus',
  'Zoë',
  'Ming',
  'Priya',
  'Tomás',
  'Amara',
  'Noah',
  'Olivia',
  'Liam',
  'Chloé',
  'Mateo',
  'Aisha',
  'Kenji',
  'Sofia',
  'Ethan',
  'Fatima',
  'Lucas',
  'Maya',
  'Owen',
  'Nia',
  'Arjun',
  'Émile',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Nguyen',
  'Singh',
  'Tremblay',
  'Roy',
  'Gagnon',
  'Wong',
  'Patel',
  'Martin',
  'Côté',
  'Okafor',
  'Kim',
  'Silva',
  'Brown',
  'Lee',
  'Chen',
  'MacDonald',
  'Haddad',
  'Kowalski',
];
const DOMAINS = [
  'gmail.com',
  'outlook.com',
  'yahoo.ca',
  'icloud.com',
  'rogers.com',
  'uwaterloo.ca',
  'example.com',
  'proton.me',
];
// '' = direct; weights roughly like a launch campaign.
const SOURCES = [
  ['', 35],
  ['youtube', 20],
  ['instagram', 12],
  ['reddit', 10],
  ['google', 8],
  ['tiktok', 6],
  ['newsletter', 5],
  ['facebook', 4],
];
const INTERESTS = [
  ['all', 40],
  ['tech_news', 25],
  ['phone_recommendations', 20],
  ['smartphone_tutorials', 15],
];

/** A small deterministic generator (mulberry32), so a seed run is reproducible. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted(rnd, table) {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let x = rnd() * total;
  for (const [v, w] of table) if ((x -= w) < 0) return v;
  return table[0][0];
}

/**
 * Seeds `count` subscribers into the Blobs store the environment points at (setEnvironmentContext).
 * @param lib from loadSignupLib()
 * @param options.days spread of signup times, ending now; options.concurrency requests in flight;
 *   options.tag makes the addresses unique per run; options.onProgress(done, count);
 *   options.allConfirmed: everyone confirms and nobody unsubscribes (a campaign's whole audience);
 *   options.collect: also return the address of every confirmed, subscribed subscriber
 * @returns { written, ms, confirmed?: string[] }
 */
export async function seedSubscribers(
  lib,
  {
    count = 0,
    days = 90,
    concurrency = 48,
    tag = Date.now().toString(36),
    now = Date.now(),
    seed = 42,
    onProgress,
    snapshot = true,
    allConfirmed = false,
    collect = false,
  } = {},
) {
  const confirmed = collect ? [] : null;
  const records = getStore({ name: 'subscribers', consistency: 'strong' });
  const index = getStore({ name: 'subscriber-index', consistency: 'strong' });
  const rnd = random(seed);
  const started = performance.now();
  const span = days * 86_400_000;
  let next = 0;
  let done = 0;
  const one = async (i) => {
    const first = FIRST[Math.floor(rnd() * FIRST.length)];
    const last = LAST[Math.floor(rnd() * LAST.length)];
    const email = `${first}.${last}.${tag}${i}@${DOMAINS[Math.floor(rnd() * DOMAINS.length)]}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    // Newest last in the loop; spread evenly over the span with some jitter.
    const at = new Date(now - span + Math.floor(((i + rnd()) * span) / count) - 60_000).toISOString();
    const roll = rnd();
    const list = roll < 0.8 ? 'waitlist' : roll < 0.95 ? 'newsletter' : 'both';
    const source = weighted(rnd, SOURCES);
    const name = rnd() < 0.05 ? '' : `${first} ${last}`;
    const id = createHash('sha256').update(email).digest('hex');
    const form = list === 'newsletter' ? 'newsletter' : 'waitlist';
    const consent = {
      at,
      wording: (lib.CONSENT_FORMS[form] ?? lib.CONSENT_FORMS.waitlist).wording,
      form: lib.CONSENT_FORMS[form] ? form : 'waitlist',
      page: form === 'waitlist' ? '/join' : '/',
      source,
    };
    let sub = lib.applySignup(
      null,
      {
        list: list === 'newsletter' ? 'newsletter' : 'waitlist',
        name,
        email,
        interest: list === 'newsletter' ? undefined : weighted(rnd, INTERESTS),
        phoneModel: list === 'waitlist' ? undefined : 'Galaxy S25',
        source,
        referrer: source ? `https://${source}.com/` : '',
        consent,
        ipHash: '',
        wordingVersion: '',
      },
      id,
      at,
    ).record;
    if (list === 'both') sub = { ...sub, list: 'both' };
    // Most people confirm within the hour; some never do; a few unsubscribe a day later.
    const later = (ms) => new Date(Math.min(Date.parse(at) + ms, now)).toISOString();
    const fate = allConfirmed ? 0.5 : rnd();
    if (fate < 0.88) sub = lib.applyConfirmation(sub, later(30 * 60_000), '').record;
    if (fate < 0.03) sub = lib.applyUnsubscribe(sub, later(86_400_000), { detail: 'page' });
    if (confirmed && fate < 0.88 && fate >= 0.03) confirmed.push(email);
    sub = lib.subscriberSchema.parse(sub);
    await records.setJSON(id, sub);
    await Promise.all(lib.subscriberIndexKeys(sub).map((k) => index.set(k, '')));
  };
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        await one(i);
        done += 1;
        if (onProgress && done % 2000 === 0) onProgress(done, count);
      }
    }),
  );
  if (snapshot) await lib.snapshotSubscriberStats();
  return { written: done, ms: Math.round(performance.now() - started), ...(confirmed ? { confirmed } : {}) };
}
