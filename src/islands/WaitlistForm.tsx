/**
 * The waitlist form of /waitlist and /join (docs/site.md#signups): name, e-mail, interest choice,
 * 'Join the Waitlist' / 'Processing...', privacy note (the consent wording), then the success view
 * with 'Sign up another email'. Validation with the shared schema; toasts through the shared store.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import {
  CONSENT_FORMS,
  DEFAULT_INTEREST,
  HONEYPOT_FIELD,
  INTEREST_LABELS,
  INTERESTS,
  TOASTS,
  shownWaitlistWording,
  type Interest,
} from '../lib/signups/constants';
import { fieldMessages, waitlistPayloadSchema } from '../lib/signups/schemas';
import { captureSource, type CapturedSource } from '../lib/signups/source';
import { postJson } from '../lib/signups/client';
import { toast } from '../stores/toast';
import { FieldError, FormField, HoneypotField, focusFirstError } from './signups/FormField';
import { useEarlyInput } from './ui/useEarlyInput';

interface Props {
  /** Route the form is shown on (recorded with the consent). */
  page: '/waitlist' | '/join';
}

type Status = 'editing' | 'submitting' | 'success';

export default function WaitlistForm({ page }: Props) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const ids = { name: `wl-name-${uid}`, email: `wl-email-${uid}`, interests: `wl-interest-${uid}` };
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [interest, setInterest] = useState<Interest>(DEFAULT_INTEREST);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>('editing');
  const source = useRef<CapturedSource>({ source: '', referrer: '' });
  const honeypot = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfter = useRef<'success' | 'form' | null>(null);

  // The island hydrates on the first interaction: keep what was typed or chosen while it loaded, and
  // answer a submit made meanwhile here rather than with the plain page.
  useEarlyInput(formRef, (form) => {
    source.current = captureSource(window.location.search, document.referrer);
    const typed = new FormData(form as HTMLFormElement);
    const text = (field: string) => String(typed.get(field) ?? '');
    if (text('name')) setName(text('name'));
    if (text('email')) setEmail(text('email'));
    const chosen = INTERESTS.find((i) => i === typed.get('interests'));
    if (chosen) setInterest(chosen);
  });

  useEffect(() => {
    if (focusAfter.current === 'success') successHeading.current?.focus();
    if (focusAfter.current === 'form') nameInput.current?.focus();
    focusAfter.current = null;
  }, [status]);

  const clearError = (field: string) => setErrors((e) => (e[field] ? { ...e, [field]: '' } : e));

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status === 'submitting') return;
    const payload = {
      name,
      email,
      interests: interest,
      source: source.current.source,
      referrer: source.current.referrer,
      page,
      consentText: shownWaitlistWording(),
      [HONEYPOT_FIELD]: honeypot.current?.value ?? '',
    };
    const parsed = waitlistPayloadSchema.safeParse(payload);
    if (!parsed.success) {
      const found = fieldMessages(parsed.error);
      setErrors(found);
      focusFirstError(found, ids);
      return;
    }
    setErrors({});
    setStatus('submitting');
    const result = await postJson('/api/waitlist', parsed.data);
    if (result.ok) {
      toast({ ...TOASTS.waitlistSuccess });
      focusAfter.current = 'success';
      setStatus('success');
      return;
    }
    setStatus('editing');
    if (result.fields) {
      setErrors(result.fields);
      focusFirstError(result.fields, ids);
    }
    toast({ ...TOASTS.waitlistFailure, variant: 'destructive' });
  }

  function signUpAnother() {
    setName('');
    setEmail('');
    setInterest(DEFAULT_INTEREST);
    setErrors({});
    focusAfter.current = 'form';
    setStatus('editing');
  }

  if (status === 'success') {
    return (
      <div className="flex flex-col items-center py-6 text-center">
        <span
          className="grid h-16 w-16 place-items-center rounded-full bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300"
          aria-hidden="true"
        >
          <svg
            viewBox="0 0 24 24"
            className="h-8 w-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        </span>
        <h2 ref={successHeading} tabIndex={-1} className="mt-5 text-2xl font-bold tracking-tight outline-none">
          You're on the waitlist!
        </h2>
        <p className="mt-3 max-w-sm text-muted">
          We've sent a confirmation email to <strong className="text-fg">{email.trim().toLowerCase()}</strong>. Check
          your inbox (and your spam folder, just in case).
        </p>
        <button type="button" className="btn-secondary mt-6" onClick={signUpAnother}>
          Sign up another email
        </button>
      </div>
    );
  }

  const busy = status === 'submitting';
  return (
    // method/action: without JavaScript (or before hydration) the browser posts the form itself and
    // the function answers with a page (docs/performance.md, "The waitlist form without JavaScript").
    <form
      ref={formRef}
      method="post"
      action="/api/waitlist"
      noValidate
      onSubmit={onSubmit}
      className="relative space-y-5"
      data-early-input
    >
      <input type="hidden" name="page" value={page} />
      <FormField
        id={ids.name}
        label="Your Name"
        value={name}
        onValueChange={(v) => {
          setName(v);
          clearError('name');
        }}
        error={errors.name}
        inputRef={nameInput}
        name="name"
        type="text"
        autoComplete="name"
        placeholder="Jane Doe"
        maxLength={100}
        required
      />
      <FormField
        id={ids.email}
        label="Email address"
        value={email}
        onValueChange={(v) => {
          setEmail(v);
          clearError('email');
        }}
        error={errors.email}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        maxLength={254}
        required
      />
      <fieldset aria-describedby={errors.interests ? `${ids.interests}-error` : undefined}>
        <legend className={`label ${errors.interests ? 'text-red-700 dark:text-red-400' : ''}`}>
          I'm interested in
        </legend>
        <div className="mt-1 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {INTERESTS.map((value) => (
            <label key={value} className="relative block cursor-pointer">
              <input
                type="radio"
                name="interests"
                id={value === interest ? ids.interests : undefined}
                value={value}
                checked={interest === value}
                onChange={() => {
                  setInterest(value);
                  clearError('interests');
                }}
                className="peer sr-only"
              />
              <span className="flex h-full items-center justify-center rounded-xl border border-line px-3 py-2.5 text-center text-sm font-semibold text-fg transition-colors hover:bg-surface-2 peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-checked:hover:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-500">
                {INTEREST_LABELS[value]}
              </span>
            </label>
          ))}
        </div>
        <FieldError id={`${ids.interests}-error`} message={errors.interests} />
      </fieldset>
      <HoneypotField id={`wl-website-${uid}`} inputRef={honeypot} />
      {/* aria-disabled rather than disabled, so keyboard focus stays on the button while sending. */}
      <button
        type="submit"
        className="btn-primary w-full py-3 text-base aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        aria-disabled={busy || undefined}
        aria-describedby={`wl-privacy-${uid}`}
      >
        {busy ? 'Processing...' : 'Join the Waitlist'}
      </button>
      <p
        id={`wl-privacy-${uid}`}
        className="text-xs leading-relaxed text-muted"
        data-launched={CONSENT_FORMS.waitlist.launchedWording}
        suppressHydrationWarning
      >
        {shownWaitlistWording()}
      </p>
    </form>
  );
}
