// Every API test file gets its own real Netlify Blobs server (the same code Netlify's local runtime
// uses) on a temporary directory; handlers calling getStore() talk to it over HTTP.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { BlobsServer } from '@netlify/blobs/server';
import { setEnvironmentContext } from '@netlify/blobs';

let server: BlobsServer;
let directory: string;

beforeAll(async () => {
  // Tests run in the explicit local mode (built-in secrets allowed); tests of the deployed
  // behaviour set CONTEXT themselves.
  process.env.LOCAL_MODE = 'true';
  directory = await mkdtemp(path.join(tmpdir(), 'blobs-test-'));
  const token = 'test-token';
  server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({ siteID: 'test-site', deployID: '0', token, edgeURL: url, uncachedEdgeURL: url });
  // Mail goes to the outbox unless a test points SendGrid at the fake (see helpers.ts).
  delete process.env.SENDGRID_API_KEY;
  delete process.env.SENDGRID_BASE_URL;
});

afterAll(async () => {
  await server?.stop();
  if (directory) await rm(directory, { recursive: true, force: true });
});
