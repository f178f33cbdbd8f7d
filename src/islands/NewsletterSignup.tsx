/**
 * The newsletter signup block 'Join Our Community' (docs/site.md#signups): name, e-mail, current
 * phone with type-ahead (combobox), consent checkbox never pre-checked, 'Subscribe' / 'Subscribing...'.
 * Success: green 'Subscribed! ...' for 2 s, then a pulsing check for 2 s, then the heading hides and
 * the block shrinks. Failure: error toast, input kept.
 */
import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent, type KeyboardEvent } from 'react';
import { CONSENT_FORMS, HONEYPOT_FIELD, TOASTS } from '../lib/signups/constants';
import { newsletterPayloadSchema } from '../lib/signups/newsletter-schema';
import { fieldMessages } from '../lib/signups/schemas';
import { suggestPhoneModels } from '../lib/signups/phone-model-rules';
import { captureSource, type CapturedSource } from '../lib/signups/source';
import { postJson } from '../lib/signups/client';
import { toast } from '../stores/toast';
import { FieldError, FormField, HoneypotField, focusFirstError } from './signups/FormField';
import { useEarlyInput } from './ui/useEarlyInput';
import { Icon } from './ui/Icon';
import * as ICON from '../lib/icons';

/** Confirmation 2 s, then 2 s more before the block collapses (docs/site.md#limits). */
export const CONFIRMATION_MS = 2000;
export const CHECK_MS = 2000;

type Phase = 'form' | 'confirmed' | 'check' | 'collapsed';

const consent = CONSENT_FORMS.newsletter;

interface Props {
  /** The catalogue's 'Brand Model' names (passed by the page, so the catalogue stays on the server). */
  phoneModels: readonly string[];
}

export default function NewsletterSignup({ phoneModels }: Props) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const ids = {
    name: `nl-name-${uid}`,
    email: `nl-email-${uid}`,
    phoneModel: `nl-phone-${uid}`,
    consent: `nl-consent-${uid}`,
  };
  const listId = `nl-phone-list-${uid}`;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [phase, setPhase] = useState<Phase>('form');
  const [subscribedPhone, setSubscribedPhone] = useState('');
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const source = useRef<CapturedSource>({ source: '', referrer: '' });
  const honeypot = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  const schema = useMemo(() => newsletterPayloadSchema(phoneModels), [phoneModels]);
  const suggestions = useMemo(() => suggestPhoneModels(phone, phoneModels), [phone, phoneModels]);
  const showList = listOpen && suggestions.length > 0;

  // The suggestions sit in the form's flow (they push the consent box down rather than cover it). So
  // the box does not move away from a pointer pressed on it, leaving the phone field by pointer closes
  // the list only once that click is done (the keyboard closes it at once).
  const phoneGroup = useRef<HTMLDivElement>(null);
  const pointerDown = useRef(false);
  useEffect(() => {
    if (!showList) return;
    const down = () => {
      pointerDown.current = true;
    };
    const up = () => {
      pointerDown.current = false;
    };
    const click = (e: MouseEvent) => {
      if (!phoneGroup.current?.contains(e.target as Node)) setListOpen(false);
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('click', click);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('click', click);
      pointerDown.current = false;
    };
  }, [showList]);

  // The block hydrates when it scrolls into view: what was typed, checked or sent meanwhile counts.
  const rootRef = useRef<HTMLDivElement>(null);
  useEarlyInput(rootRef, (root) => {
    source.current = captureSource(window.location.search, document.referrer);
    const field = (id: string) => root.querySelector<HTMLInputElement>(`#${id}`);
    const typed = (id: string) => field(id)?.value ?? '';
    if (typed(ids.name)) setName(typed(ids.name));
    if (typed(ids.email)) setEmail(typed(ids.email));
    const phoneField = field(ids.phoneModel);
    if (phoneField?.value) {
      setPhone(phoneField.value);
      setListOpen(document.activeElement === phoneField);
    }
    if (field(ids.consent)?.checked) setAgreed(true);
  });

  useEffect(() => {
    if (phase === 'confirmed') {
      // The form (and the focused button) just went away: keep keyboard focus in the block.
      statusRef.current?.focus();
      const t = window.setTimeout(() => setPhase('check'), CONFIRMATION_MS);
      return () => window.clearTimeout(t);
    }
    if (phase === 'check') {
      const t = window.setTimeout(() => setPhase('collapsed'), CHECK_MS);
      return () => window.clearTimeout(t);
    }
  }, [phase]);

  const clearError = (field: string) => setErrors((e) => (e[field] ? { ...e, [field]: '' } : e));

  function pick(value: string) {
    setPhone(value);
    setListOpen(false);
    setActive(-1);
    clearError('phoneModel');
  }

  function onPhoneKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!listOpen) setListOpen(true);
      setActive((i) => (suggestions.length ? (i + 1) % suggestions.length : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (suggestions.length ? (i <= 0 ? suggestions.length - 1 : i - 1) : -1));
    } else if (e.key === 'Enter' && showList && active >= 0) {
      e.preventDefault();
      pick(suggestions[active]);
    } else if (e.key === 'Escape' && showList) {
      e.preventDefault();
      setListOpen(false);
      setActive(-1);
    }
  }

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setListOpen(false);
    const payload = {
      name,
      email,
      phoneModel: phone,
      consent: agreed,
      form: 'newsletter' as const,
      consentText: consent.wording,
      page: window.location.pathname,
      source: source.current.source,
      referrer: source.current.referrer,
      [HONEYPOT_FIELD]: honeypot.current?.value ?? '',
    };
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const found = fieldMessages(parsed.error);
      setErrors(found);
      focusFirstError(found, ids);
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await postJson('/api/newsletter/subscribe', parsed.data);
    setBusy(false);
    if (!result.ok) {
      if (result.fields) setErrors(result.fields);
      toast({ ...TOASTS.newsletterFailure, variant: 'destructive' });
      return;
    }
    toast({ ...TOASTS.newsletterSuccess });
    setSubscribedPhone(parsed.data.phoneModel);
    setName('');
    setEmail('');
    setPhone('');
    setAgreed(false);
    setPhase('confirmed');
  }

  const collapsed = phase === 'collapsed';
  return (
    <div
      ref={rootRef}
      className={`card mx-auto max-w-2xl transition-all duration-500 ${collapsed ? 'p-5' : 'p-6 sm:p-10'}`}
      data-phase={phase}
      data-early-input
    >
      {/* Collapsed: the heading stays for screen readers (it names the section) but hides visually. */}
      <div className={collapsed ? 'sr-only' : 'text-center'}>
        <h2 id="newsletter-title" className="section-title">
          Join Our Community
        </h2>
        <p className="mt-2 text-muted">Subscribe for Tutorials and Tech Updates</p>
      </div>

      <div
        ref={statusRef}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        className={`outline-none ${phase === 'form' ? 'sr-only' : ''}`}
      >
        {phase === 'confirmed' && (
          <div className="mt-8 flex items-center gap-3 rounded-xl border border-green-600/30 bg-green-50 p-4 text-green-800 dark:bg-green-900/30 dark:text-green-300">
            <CheckIcon className="h-6 w-6 shrink-0" />
            <p className="font-semibold">Subscribed! We'll send updates for {subscribedPhone}</p>
          </div>
        )}
        {phase === 'check' && (
          <div className="mt-8 flex justify-center">
            <span className="grid h-16 w-16 animate-pulse place-items-center rounded-full bg-green-600 text-white">
              <CheckIcon className="h-8 w-8" />
              <span className="sr-only">Subscribed</span>
            </span>
          </div>
        )}
        {collapsed && (
          <p className="flex items-center justify-center gap-2 text-sm font-semibold text-green-800 dark:text-green-300">
            <CheckIcon className="h-5 w-5" />
            You're subscribed. Watch your inbox for our next update.
          </p>
        )}
      </div>

      {phase === 'form' && (
        <form noValidate onSubmit={onSubmit} className="relative mt-8 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id={ids.name}
              label="Your name"
              value={name}
              onValueChange={(v) => {
                setName(v);
                clearError('name');
              }}
              error={errors.name}
              type="text"
              autoComplete="name"
              maxLength={100}
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
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
            />
          </div>

          <div ref={phoneGroup}>
            <label
              htmlFor={ids.phoneModel}
              className={`label ${errors.phoneModel ? 'text-red-700 dark:text-red-400' : ''}`}
            >
              Your current phone
            </label>
            <input
              id={ids.phoneModel}
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={showList}
              aria-controls={listId}
              aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
              aria-invalid={errors.phoneModel ? true : undefined}
              aria-describedby={errors.phoneModel ? `${ids.phoneModel}-error` : undefined}
              autoComplete="off"
              placeholder="e.g. iPhone 15, Galaxy S24, Pixel 8"
              maxLength={100}
              value={phone}
              onChange={(e) => {
                setPhone(e.target.value);
                setListOpen(e.target.value.trim() !== '');
                setActive(-1);
                clearError('phoneModel');
              }}
              onKeyDown={onPhoneKeyDown}
              onBlur={() => {
                if (!pointerDown.current) setListOpen(false);
              }}
              className={`input ${errors.phoneModel ? 'border-red-600 focus:border-red-600 focus:ring-red-600/30 dark:border-red-400' : ''}`}
            />
            <ul
              id={listId}
              role="listbox"
              aria-label="Phone suggestions"
              hidden={!showList}
              className="mt-1 max-h-36 overflow-auto rounded-xl border border-line bg-surface py-1 shadow-lg"
            >
              {showList &&
                suggestions.map((s, i) => (
                  // Keys are handled on the combobox input (aria-activedescendant); a click is the pointer path.
                  // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                  <li
                    key={s}
                    id={`${listId}-${i}`}
                    role="option"
                    aria-selected={i === active}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => pick(s)}
                    className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-brand-600 text-white' : 'text-fg hover:bg-surface-2'}`}
                  >
                    {s}
                  </li>
                ))}
            </ul>
            <FieldError id={`${ids.phoneModel}-error`} message={errors.phoneModel} />
          </div>

          <div>
            <div className="flex items-start gap-3">
              <input
                id={ids.consent}
                type="checkbox"
                checked={agreed}
                onChange={(e) => {
                  setAgreed(e.target.checked);
                  clearError('consent');
                }}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={`${ids.consent}-note${errors.consent ? ` ${ids.consent}-error` : ''}`}
                className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer rounded accent-brand-600"
              />
              <div>
                <label
                  htmlFor={ids.consent}
                  className={`cursor-pointer text-sm font-medium ${errors.consent ? 'text-red-700 dark:text-red-400' : 'text-fg'}`}
                >
                  {consent.checkbox}
                </label>
                <p id={`${ids.consent}-note`} className="mt-1 text-xs leading-relaxed text-muted">
                  {consent.note}
                </p>
              </div>
            </div>
            <FieldError id={`${ids.consent}-error`} message={errors.consent} />
          </div>

          <HoneypotField id={`nl-website-${uid}`} inputRef={honeypot} />
          {/* aria-disabled rather than disabled, so keyboard focus stays on the button while sending. */}
          <button
            type="submit"
            className="btn-primary w-full py-3 text-base aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
            aria-disabled={busy || undefined}
          >
            {busy ? 'Subscribing...' : 'Subscribe'}
          </button>
        </form>
      )}
    </div>
  );
}

function CheckIcon({ className }: { className: string }) {
  return <Icon svg={ICON.check} className={className} />;
}
