import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { Preferences } from '../../lib/recommender/preferences';
import { usableCurrentPhone } from '../../lib/recommender/preferences';
import { resultsEmailFormSchema } from '../../lib/recommender/schemas';
import { toRecommendationSummary, type Recommendation } from '../../lib/recommender/recommendation';
import { apiRequest } from '../../lib/recommender/ui/api';
import { toast } from '../../stores/toast';
import { Icon } from './Icon';
import { RESULT_ICONS } from './resultIcons';

/** How long the 'Sent to …' line and then the pulsing icon each show before the card goes. */
export const SENT_BANNER_MS = 2000;

interface Props {
  prefs: Preferences;
  recommendations: Recommendation[];
}

type Phase = 'idle' | 'sent' | 'pulse' | 'gone';

/**
 * The results page's save-by-email card (docs/recommender.md#results-and-comparison): a panel that
 * opens and closes with Cancel, a sending state, then 'Sent to {email}' for 2 s, a pulsing icon for
 * 2 s, and the card is removed.
 */
export function EmailCard({ prefs, recommendations }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [sentTo, setSentTo] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (phase === 'sent') {
      const t = setTimeout(() => setPhase('pulse'), SENT_BANNER_MS);
      return () => clearTimeout(t);
    }
    if (phase === 'pulse') {
      const t = setTimeout(() => setPhase('gone'), SENT_BANNER_MS);
      return () => clearTimeout(t);
    }
  }, [phase]);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  if (phase === 'gone') return null;

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const parsed = resultsEmailFormSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setSending(true);
    const to = parsed.data.email;
    try {
      await apiRequest('POST', '/api/recommendations', {
        // The results page asks for the e-mail only; the visitor's name is not known here.
        name: 'there',
        email: to,
        phoneModel: usableCurrentPhone(prefs) ?? 'Not given',
        preferences: JSON.stringify(prefs),
        recommendations: JSON.stringify(recommendations.map(toRecommendationSummary)),
      });
      toast({ title: 'Recommendations sent!', description: `We've sent your personalized recommendations to ${to}` });
      setSentTo(to);
      setOpen(false);
      setPhase('sent');
    } catch (err) {
      console.error('Sending recommendations failed', err);
      toast({ title: 'Failed to send', description: 'Please try again later.', variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="card p-5 sm:p-6" aria-labelledby={`${id}-title`} data-testid="email-card">
      <div className="flex items-start gap-4">
        <span
          className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl ${phase === 'idle' ? 'bg-brand-50 text-brand-600 dark:bg-brand-700/20 dark:text-brand-300' : 'bg-emerald-100 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300'} ${phase === 'pulse' ? 'soft-pulse' : ''}`}
          data-testid={phase === 'pulse' ? 'sent-pulse' : undefined}
        >
          {phase === 'idle' ? (
            <Icon path={RESULT_ICONS.mail} className="h-5 w-5" />
          ) : (
            <Icon name="check" className="h-5 w-5" />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            Save your results
          </h2>
          <p className="text-sm text-muted">Get these recommendations in your inbox to read later or share.</p>
          <p className="mt-2 text-sm font-semibold text-emerald-700 dark:text-emerald-400" role="status">
            {phase === 'sent' ? `Sent to ${sentTo}` : ''}
          </p>
          {phase === 'idle' && !open ? (
            <button type="button" className="btn-primary mt-1" aria-expanded={false} onClick={() => setOpen(true)}>
              <Icon path={RESULT_ICONS.mail} className="h-4 w-4" />
              Email me these results
            </button>
          ) : null}
          {open ? (
            <form onSubmit={submit} noValidate className="mt-2 grid gap-3" aria-label="Email these results">
              <div>
                <label htmlFor={`${id}-email`} className="label">
                  Email address
                </label>
                <input
                  ref={inputRef}
                  id={`${id}-email`}
                  name="email"
                  type="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  className={`input ${error ? '!border-red-600' : ''}`}
                />
                {error ? (
                  <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
                    {error}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-2">
                <button type="submit" className="btn-primary" disabled={sending} aria-busy={sending || undefined}>
                  {sending ? 'Sending...' : 'Send'}
                </button>
                <button type="button" className="btn-ghost" onClick={() => setOpen(false)} disabled={sending}>
                  Cancel
                </button>
              </div>
            </form>
          ) : null}
        </div>
      </div>
    </section>
  );
}
