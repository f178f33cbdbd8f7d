/**
 * Admin access for every /admin screen (docs/site.md#staff-area): asks the server whether this
 * browser is signed in; if not, shows the key prompt. The key is checked on the server only
 * (POST /api/admin/session), which sets an HttpOnly session cookie; 'Logout' clears it.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { toast } from '../../stores/toast';
import { $adminAuth, adminFetch, checkSession, signIn, signOut } from '../../stores/admin';
import { ApiError } from '../../lib/http/client';
import { Icon } from '../ui/Icon';
import * as ICON from '../../lib/icons';
import SignInLinkForm from './SignInLinkForm';

/** The dashboard's authentication check waits 500 ms (docs/site.md#limits). */
export const DASHBOARD_AUTH_DELAY_MS = 500;

/** The dashboard gate and the other admin pages word a wrong key differently (docs/site.md#staff-area). */
const FAILURE = {
  dashboard: { title: 'Authentication failed', description: 'Invalid admin key provided' },
  page: { title: 'Authentication Failed', description: 'Invalid admin key' },
} as const;

interface Props {
  variant: 'dashboard' | 'page';
  /** Heading of the screen, shown above the logout button. */
  title: string;
  subtitle?: string;
  children: ReactNode;
}

export default function AdminGate({ variant, title, subtitle, children }: Props) {
  const auth = useStore($adminAuth);
  const heading = useRef<HTMLHeadingElement>(null);
  // Signing in replaces the key prompt (and the focused field) with the screen: focus goes to its heading.
  const promptShown = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => void checkSession(), variant === 'dashboard' ? DASHBOARD_AUTH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [variant]);

  useEffect(() => {
    if (auth.status === 'signed-out') promptShown.current = true;
    else if (auth.status === 'signed-in' && promptShown.current) {
      promptShown.current = false;
      heading.current?.focus();
    }
  }, [auth.status]);

  if (auth.status === 'checking') {
    return (
      <div className="container-page py-16" aria-busy="true">
        <p className="flex items-center gap-3 text-muted" role="status">
          <span
            className="h-4 w-4 animate-spin rounded-full border-2 border-line border-t-brand-600"
            aria-hidden="true"
          />
          Checking admin access…
        </p>
      </div>
    );
  }
  if (auth.status === 'signed-out') return <KeyPrompt variant={variant} />;

  return (
    <div className="container-page py-8 sm:py-10">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          {variant === 'page' ? (
            <a
              href="/admin"
              className="mb-2 inline-flex items-center gap-1 text-sm font-medium text-muted hover:text-fg"
            >
              <span aria-hidden="true">←</span> Admin Dashboard
            </a>
          ) : null}
          <h1 ref={heading} tabIndex={-1} className="section-title outline-none">
            {title}
          </h1>
          {subtitle ? <p className="mt-1 text-sm text-muted">{subtitle}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {auth.session.name ? (
            <span className="text-sm text-muted" data-testid="signed-in-as">
              {auth.session.name}
              {auth.session.role ? ` · ${auth.session.role}` : ''}
            </span>
          ) : null}
          {auth.session.devMode && (auth.session.via !== 'cookie' || auth.session.launched) ? (
            <span className="badge bg-accent-500/15 text-accent-600 dark:text-accent-500">Dev mode</span>
          ) : null}
          {auth.session.via === 'cookie' && !auth.session.launched ? (
            // Dev mode (the home page before launch) belongs to the session, whoever signed in.
            <button
              type="button"
              className="btn-ghost text-sm aria-pressed:bg-accent-500/15 aria-pressed:text-accent-600 dark:aria-pressed:text-accent-500"
              aria-pressed={auth.session.devMode}
              onClick={() => {
                adminFetch('/api/admin/session/dev-mode', {
                  method: 'POST',
                  body: { devMode: !auth.session.devMode },
                })
                  .then(() => checkSession())
                  .catch((err) => console.error('[admin] dev mode switch failed', err));
              }}
            >
              Dev mode
            </button>
          ) : null}
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              signOut()
                .then(() => toast({ title: 'Logged out', description: 'Your admin session has ended.' }))
                .catch((err) => console.error('[admin] logout failed', err));
            }}
          >
            Logout
          </button>
        </div>
      </div>
      {children}
    </div>
  );
}

function KeyPrompt({ variant }: { variant: Props['variant'] }) {
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (!key) {
      setError('Enter the admin key');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn(key);
      toast({ title: 'Authenticated', description: 'Welcome to the admin area.' });
    } catch (err) {
      const limited = err instanceof ApiError && err.status === 429;
      const failure = FAILURE[variant];
      const description = limited
        ? (err.error?.message ?? 'Too many attempts. Please wait and try again.')
        : failure.description;
      setError(description);
      toast({ title: failure.title, description, variant: 'destructive' });
      setKey('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container-page flex flex-col items-center gap-6 py-16 sm:py-24">
      <h1 className="section-title">Admin access</h1>
      <div className="card w-full max-w-md p-6 sm:p-8">
        <SignInLinkForm />
      </div>
      <form
        onSubmit={submit}
        className="card w-full max-w-md p-6 sm:p-8"
        noValidate
        aria-labelledby={`${inputId}-title`}
      >
        <div className="mb-6 flex items-center gap-3">
          <span
            className="grid h-11 w-11 place-items-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-300"
            aria-hidden="true"
          >
            <Icon svg={ICON.lock} />
          </span>
          <div>
            <h2 id={`${inputId}-title`} className="text-xl font-bold tracking-tight">
              Owner key
            </h2>
            <p className="text-sm text-muted">Enter the admin key to continue.</p>
          </div>
        </div>
        <label htmlFor={inputId} className="label">
          Admin key
        </label>
        <input
          id={inputId}
          type="password"
          className="input"
          autoComplete="current-password"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} className="mt-2 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary mt-6 w-full" disabled={busy}>
          {busy ? 'Checking…' : 'Authenticate'}
        </button>
      </form>
    </div>
  );
}
