import { useId, useState, type SubmitEvent } from 'react';
import type { Preferences } from '../../lib/recommender/preferences';
import { saveRecommendationsFormSchema } from '../../lib/recommender/schemas';
import { toRecommendationSummary, type Recommendation } from '../../lib/recommender/recommendation';
import { apiRequest } from '../../lib/recommender/ui/api';
import { toast } from '../../stores/toast';

interface Props {
  prefs: Preferences;
  recommendations: Recommendation[];
  /** Prefills the phone model field. */
  phoneModel: string;
  onDone: () => void;
}

type Field = 'name' | 'phoneModel' | 'email';

/**
 * The wizard's save-recommendations form: client validation with the shared zod schema, messages as
 * in docs/recommender.md#forms and docs/recommender.md#results-and-comparison.
 * Sends for real through POST /api/recommendations.
 */
export function SaveForm({ prefs, recommendations, phoneModel, onDone }: Props) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', phoneModel, email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = saveRecommendationsFormSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        next[key] ??= issue.message;
      }
      setErrors(next);
      const first = (['name', 'phoneModel', 'email'] as const).find((k) => next[k]);
      if (first) (e.currentTarget.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await apiRequest('POST', '/api/recommendations', {
        ...parsed.data,
        preferences: JSON.stringify(prefs),
        recommendations: JSON.stringify(recommendations.map(toRecommendationSummary)),
      });
      toast({ title: 'Success!', description: 'Your recommendations have been sent to your email.' });
      onDone();
    } catch (err) {
      console.error('Sending recommendations failed', err);
      toast({ title: 'Error', description: 'There was a problem saving your recommendation.', variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  const field = (name: Field, label: string, type: string, autoComplete: string, placeholder: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="label">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        className={`input ${errors[name] ? '!border-red-600' : ''}`}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-2xl border border-line bg-surface-2/60 p-4 sm:p-5"
      aria-label="Email my recommendations"
      data-testid="save-form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {field('name', 'Your name', 'text', 'name', 'Jane')}
        {field('phoneModel', 'Current phone model', 'text', 'off', 'e.g. iPhone 12')}
      </div>
      {field('email', 'Email address', 'email', 'email', 'you@example.com')}
      <p className="text-xs text-muted">We only use your address to send these results. No newsletter, no sharing.</p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={sending} aria-busy={sending || undefined}>
          {sending ? 'Sending...' : 'Send my results'}
        </button>
        <button type="button" className="btn-ghost" onClick={onDone} disabled={sending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
