/**
 * The staff way in on a gated page (docs/site.md#pre-launch-gate). Runs on the /join page, and acts
 * only when the pre-launch gate served that page in place of another one (the address is then not
 * /join or /waitlist). The server decides everything: this script only asks for the key, posts it
 * to POST /api/admin/session and reloads; the edge gate then lets the session through.
 *
 * 0. The home page '/' is nominally open to everyone, but shows /join outside dev mode: no
 *    prompt there, the address simply becomes /join.
 * 1. Already signed in (e.g. arrived from another site, where the SameSite=Strict cookie is not sent):
 *    reload once.
 * 2. Otherwise prompt for the admin key. Cancel -> the address becomes /join.
 * 3. A correct key signs in; a confirm dialog offers dev mode (which also opens the home page).
 *    A wrong key -> 'Authentication failed' / 'Invalid admin key provided', and the address becomes /join.
 */
import { normalisePath, OPEN_PAGES, JOIN_PATH } from '../lib/gate/decide';
import { toast } from '../stores/toast';

const RELOAD_GUARD = 'gate-reloaded';

async function post(body: { key: string; devMode?: boolean }): Promise<Response> {
  return fetch('/api/admin/session', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function showJoin(): void {
  history.replaceState(history.state, '', JOIN_PATH);
}

async function run(): Promise<void> {
  const path = normalisePath(location.pathname);
  if (OPEN_PAGES.includes(path)) return; // the visitor asked for this page: nothing to do
  if (path === '/') return showJoin();

  const current = await fetch('/api/admin/session', { credentials: 'same-origin' }).catch(() => null);
  if (current?.ok) {
    if (sessionStorage.getItem(RELOAD_GUARD) !== path) {
      sessionStorage.setItem(RELOAD_GUARD, path);
      location.reload();
      return;
    }
  }
  sessionStorage.removeItem(RELOAD_GUARD);

  const key = window.prompt(
    'This page opens at launch. Owner: enter the admin key to continue (named staff sign in at /admin/sign-in), or Cancel to join the waitlist.',
  );
  if (!key) return showJoin();

  const res = await post({ key }).catch(() => null);
  if (!res?.ok) {
    const body = res ? ((await res.json().catch(() => null)) as { error?: { message?: string } } | null) : null;
    toast({
      title: 'Authentication failed',
      description: res?.status === 429 ? body?.error?.message : 'Invalid admin key provided',
      variant: 'destructive',
    });
    return showJoin();
  }
  if (window.confirm('Authenticated. Turn on dev mode? Dev mode also opens the home page before launch.')) {
    await post({ key, devMode: true }).catch(() => null);
  }
  location.reload();
}

void run();
