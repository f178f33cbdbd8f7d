// Every API test file gets its own real Netlify Blobs server (the same code and guards `npm start`
// uses, scripts/runtime/blobs-server.mjs) on a temporary directory; handlers calling getStore()
// talk to it over HTTP.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startBlobsServer } from '../../scripts/runtime/blobs-server.mjs';
import { newLocalSecret } from '../../scripts/runtime/local-secrets.mjs';
import { setEnvironmentContext } from '@netlify/blobs';

let server: Awaited<ReturnType<typeof startBlobsServer>> | undefined;
let directory: string;

beforeAll(async () => {
  // Tests run in the explicit local mode; tests of the deployed behaviour set CONTEXT themselves.
  // As in a fresh `npm start`, the staff key and signing secret are random (none is written in the
  // code); a test that needs to know the key sets its own.
  process.env.LOCAL_MODE = 'true';
  process.env.ADMIN_KEY ||= newLocalSecret('ADMIN_KEY');
  process.env.SESSION_SECRET ||= newLocalSecret('SESSION_SECRET');
  directory = await mkdtemp(path.join(tmpdir(), 'blobs-test-'));
  const token = 'test-token';
  server = await startBlobsServer({ directory, token });
  const { url } = server;
  setEnvironmentContext({ siteID: 'test-site', deployID: '0', token, edgeURL: url, uncachedEdgeURL: url });
  // Mail goes to the outbox unless a test points SendGrid at the fake (see helpers.ts).
  delete process.env.SENDGRID_API_KEY;
  delete process.env.SENDGRID_BASE_URL;
});

afterAll(async () => {
  await server?.stop();
  if (directory) await rm(directory, { recursive: true, force: true });
});
