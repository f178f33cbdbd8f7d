/**
 * Labelled text input with its error under it (red text, red label, aria-invalid and
 * aria-describedby pointing at the message). Used by the signup islands.
 */
import type { InputHTMLAttributes, Ref } from 'react';
import { HONEYPOT_FIELD } from '../../lib/signups/constants';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function FormField({ id, label, value, onValueChange, error, inputRef, className, ...rest }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className={`label ${error ? 'text-red-700 dark:text-red-400' : ''}`}>
        {label}
      </label>
      <input
        {...rest}
        id={id}
        ref={inputRef}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`input ${error ? 'border-red-600 focus:border-red-600 focus:ring-red-600/30 dark:border-red-400' : ''}`}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The red message under a field (rendered only when there is one). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

/** Off-screen anti-bot field (see Honeypot.astro). */
export function HoneypotField({ id, inputRef }: { id: string; inputRef: Ref<HTMLInputElement> }) {
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        ref={inputRef}
        defaultValue=""
      />
    </div>
  );
}

/** Focuses the first element (in document order) among `ids` that is in `errors`. */
export function focusFirstError(errors: Record<string, string>, ids: Record<string, string>): void {
  for (const [field, id] of Object.entries(ids)) {
    if (errors[field]) {
      document.getElementById(id)?.focus();
      return;
    }
  }
}
