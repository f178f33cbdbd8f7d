import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BACKGROUND_BODY_LIMIT,
  SYNC_BODY_LIMIT,
  createRunToken,
  declaresTooLarge,
  isSignedKick,
  lockDataFolder,
  readRunToken,
  webBody,
} from '../../../scripts/runtime/guards.mjs';
import { signKick } from '../../../src/lib/jobs/kick';

const SECRET = `test-secret-${'k'.repeat(40)}`;
afterEach(() => vi.unstubAllEnvs());
const scratch = () => mkdtempSync(path.join(tmpdir(), 'guards-'));

describe('body caps (Netlify: 6 MB for a function, 256 KB for a background function)', () => {
  it('refuses a declared length over the cap, unread', () => {
    expect(SYNC_BODY_LIMIT).toBe(6 * 1024 * 1024);
    expect(BACKGROUND_BODY_LIMIT).toBe(256 * 1024);
    expect(declaresTooLarge({ 'content-length': String(SYNC_BODY_LIMIT + 1) }, SYNC_BODY_LIMIT)).toBe(true);
    expect(declaresTooLarge({ 'content-length': String(SYNC_BODY_LIMIT) }, SYNC_BODY_LIMIT)).toBe(false);
    expect(declaresTooLarge({ 'content-length': 'lots' }, SYNC_BODY_LIMIT)).toBe(true);
    expect(declaresTooLarge({}, SYNC_BODY_LIMIT)).toBe(false);
  });
});

describe('signed kicks: the runtime accepts what src/lib/jobs/kick.ts signs, and nothing else', () => {
  it('a kick signed by signKick passes; a forged, altered or stale one does not', async () => {
    vi.stubEnv('LOCAL_MODE', 'true');
    vi.stubEnv('SESSION_SECRET', SECRET);
    for (const jobId of [null, 'campaign-abc']) {
      const kick = await signKick(jobId);
      expect(isSignedKick(Buffer.from(JSON.stringify(kick)), SECRET)).toBe(true);
      expect(isSignedKick(Buffer.from(JSON.stringify(kick)), `${SECRET}x`)).toBe(false);
      expect(isSignedKick(Buffer.from(JSON.stringify({ ...kick, jobId: 'other' })), SECRET)).toBe(false);
      expect(isSignedKick(Buffer.from(JSON.stringify(kick)), SECRET, kick.at + 6 * 60_000)).toBe(false);
    }
    expect(isSignedKick(Buffer.from('{'), SECRET)).toBe(false);
    expect(isSignedKick(null, SECRET)).toBe(false);
    expect(isSignedKick(Buffer.from('{}'), undefined)).toBe(false);
  });
});

describe('the run token of scheduled functions', () => {
  it('is new at every start, readable from the file, and required exactly', () => {
    const root = scratch();
    mkdirSync(path.join(root, '.netlify'));
    const token = createRunToken({ root, port: 1234 });
    const value = readRunToken(root, 1234);
    expect(token.allows(`Bearer ${value}`)).toBe(true);
    expect(token.allows(value)).toBe(false);
    expect(token.allows(`Bearer ${value}x`)).toBe(false);
    expect(token.allows(undefined)).toBe(false);
    expect(createRunToken({ root, port: 1234 }).allows(`Bearer ${value}`)).toBe(false);
    token.remove();
  });
});

describe('one server per data folder', () => {
  it('a second owner is refused while the first lives; a dead owner’s lock is taken over', async () => {
    const dataDir = path.join(scratch(), 'blobs-serve');
    const first = await lockDataFolder({ dataDir });
    expect(first.owner).toBe(true);
    await expect(lockDataFolder({ dataDir })).rejects.toThrow(/Another server \(pid \d+\) is already serving/);
    if (first.owner) first.publish({ blobsUrl: 'http://127.0.0.1:1', token: 't', siteId: '0' });
    await expect(lockDataFolder({ dataDir, join: true })).resolves.toMatchObject({
      owner: false,
      blobsUrl: 'http://127.0.0.1:1',
      token: 't',
    });
    if (first.owner) first.release();
    // A lock left by a process that died (SIGKILL, crash): stale, taken over.
    writeFileSync(`${dataDir}.lock`, JSON.stringify({ pid: 2 ** 22 + 12345 }));
    const again = await lockDataFolder({ dataDir });
    expect(again.owner).toBe(true);
    expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8')).pid).toBe(process.pid);
  });
});

describe("the functions' request body (webBody)", () => {
  it('passes the body through whole', async () => {
    const source = new PassThrough();
    const text = new Response(webBody(source)).text();
    source.write('{"a":');
    source.end('1}');
    expect(await text).toBe('{"a":1}');
  });

  it('a function that answers without reading its body stops the source instead of ending the server', async () => {
    const source = new PassThrough();
    const reader = webBody(source).getReader();
    source.write(Buffer.from('first'));
    await reader.read();
    await reader.cancel();
    expect(source.destroyed).toBe(true);
  });
});
