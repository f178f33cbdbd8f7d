import { useId, useState } from 'react';
import { MODE_TOOLTIP, type WizardMode } from '../../lib/recommender/questions';
import { Icon } from './Icon';

interface Props {
  mode: WizardMode;
  onToggle: () => void;
}

/**
 * Basic/Advanced switch (docs/recommender.md) with a tooltip saying 8 vs 11 questions. The tooltip shows on
 * hover and focus of the info button and describes the switch for screen readers.
 */
export function ModeToggle({ mode, onToggle }: Props) {
  const id = useId();
  const [tip, setTip] = useState(false);
  const advanced = mode === 'advanced';
  return (
    <div className="flex items-center gap-2">
      {/* The words pick their mode with a click; the switch itself stays the one control for keys and readers. */}
      <label
        htmlFor={`${id}-switch`}
        className={`cursor-pointer text-sm font-medium ${advanced ? 'text-muted' : 'text-fg'}`}
        aria-hidden="true"
        onClick={(e) => {
          e.preventDefault();
          if (advanced) onToggle();
        }}
      >
        Basic
      </label>
      <button
        id={`${id}-switch`}
        type="button"
        role="switch"
        aria-checked={advanced}
        aria-label="Advanced Mode"
        aria-describedby={`${id}-tip`}
        onClick={onToggle}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors ${advanced ? 'bg-brand-600' : 'bg-[var(--line)]'}`}
      >
        <span
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${advanced ? 'translate-x-6' : 'translate-x-1'}`}
        />
      </button>
      <label
        htmlFor={`${id}-switch`}
        className={`cursor-pointer text-sm font-medium ${advanced ? 'text-fg' : 'text-muted'}`}
        aria-hidden="true"
        onClick={(e) => {
          e.preventDefault();
          if (!advanced) onToggle();
        }}
      >
        Advanced
      </label>
      <span className="relative" onMouseEnter={() => setTip(true)} onMouseLeave={() => setTip(false)}>
        <button
          type="button"
          className="flex h-8 w-8 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
          aria-label="About the modes"
          aria-describedby={`${id}-tip`}
          onFocus={() => setTip(true)}
          onBlur={() => setTip(false)}
          onClick={() => setTip((t) => !t)}
          onKeyDown={(e) => e.key === 'Escape' && setTip(false)}
        >
          <Icon name="info" className="h-4 w-4" />
        </button>
        <span
          id={`${id}-tip`}
          role="tooltip"
          className={`absolute right-0 top-full z-20 mt-2 w-64 rounded-xl bg-fg p-3 text-xs leading-relaxed text-surface shadow-lg ${tip ? '' : 'sr-only'}`}
        >
          {MODE_TOOLTIP}
        </span>
      </span>
    </div>
  );
}
