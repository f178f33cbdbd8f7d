// npm run seed -- <count> [--days N] [--root DIR]
// Writes <count> realistic subscribers (record + index keys, through the real Blobs client) into the
// local store that `npm start` / `npm run serve` serve: <root>/.netlify/blobs-serve, site id "0" (what
// Netlify's local emulation uses for a project that is not linked to a site). Safe while the site runs.
import path from 'node:path';
import { startBlobsServer } from './runtime/blobs-server.mjs';
import { lockDataFolder } from './runtime/guards.mjs';
import { mkdirSync } from 'node:fs';
import { setEnvironmentContext } from '@netlify/blobs';
import { loadSignupLib } from './lib/site-lib.mjs';
import { seedSubscribers } from './lib/seed-core.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
};
const count = Number(args.find((a) => /^\d+$/.test(a)) ?? NaN);
if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
  console.error('Usage: npm run seed -- <count 1..1000000> [--days 90] [--root .]');
  process.exit(1);
}
const days = Number(option('days', 90));
const root = path.resolve(option('root', process.env.SITE_ROOT ?? '.'));
const directory = path.join(root, '.netlify', 'blobs-serve');
const token = `seed-${Math.random().toString(36).slice(2)}`;

// The data folder has one owner at a time: seeding while a server runs on it would lose writes.
mkdirSync(path.dirname(directory), { recursive: true });
const lock = await lockDataFolder({ dataDir: directory }).catch((err) => {
  console.error(err.message);
  process.exit(1);
});
const server = await startBlobsServer({ directory, token });
const { url } = server;
setEnvironmentContext({ siteID: '0', deployID: '0', token, edgeURL: url, uncachedEdgeURL: url });

console.log(`Seeding ${count} subscribers over ${days} days into ${directory} …`);
const lib = await loadSignupLib();
const started = Date.now();
const { written, ms } = await seedSubscribers(lib, {
  count,
  days,
  onProgress: (done, total) => {
    const rate = done / ((Date.now() - started) / 1000);
    console.log(`  ${done}/${total} (${Math.round(rate)}/s, about ${Math.round((total - done) / rate)} s left)`);
  },
});
console.log(
  `Done: ${written} subscribers in ${(ms / 1000).toFixed(1)} s (${Math.round(written / (ms / 1000))}/s), statistics snapshot written.`,
);
console.log('Open /admin/waitlist on `npm start` (or `npm run serve`) to see them.');
await server.stop();
lock.release();
process.exit(0);
