/**
 * "E-mail me a sign-in link" (docs/staff.md, "Signing in"): posts the address to POST /api/admin/login.
 * The answer is the same for every address, so the screen says the same thing for everyone.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { request, ApiError } from '../../lib/http/client';
import { staffLoginSchema } from '../../lib/admin/staff-schemas';

export default function SignInLinkForm({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const id = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const parsed = staffLoginSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { data } = await request<{ message: string }>('POST', '/api/admin/login', { body: parsed.data });
      setSent(data.message);
    } catch (err) {
      setError(err instanceof ApiError ? (err.error?.message ?? 'Please try again.') : 'Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="text-xl font-bold tracking-tight">
        Staff sign-in
      </Heading>
      <p className="mt-1 text-sm text-muted">We e-mail you a link that signs you in once. No password needed.</p>
      <label htmlFor={`${id}-email`} className="label mt-4">
        Your work e-mail
      </label>
      <input
        id={`${id}-email`}
        type="email"
        className="input"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary mt-4 w-full" disabled={busy}>
        {busy ? 'Sending…' : 'E-mail me a sign-in link'}
      </button>
      <p role="status" className="mt-3 text-sm text-muted">
        {sent}
      </p>
    </form>
  );
}
