/**
 * `client:interaction`: hydrates an island on the visitor's first interaction (or when it scrolls
 * into view) instead of at page load, and keeps what the visitor does before it is ready.
 *
 * - `client:interaction`: the first focus, pointer press, key or input inside the island.
 * - `client:interaction="visible"`: when the island scrolls into view, or on such an interaction,
 *   whichever comes first (as `client:visible`, for islands below the first screen).
 * - `client:interaction="page"`: the first such event anywhere on the page, or a toast raised by
 *   a plain script (the `TOAST_EVENT` of src/stores/toast.ts) — for page-wide helpers such as the
 *   toast region, which nobody focuses but which must be live once a form or script talks to it.
 *
 * Early input (docs/performance.md, "Input before an island is ready"): in an island that renders an
 * element with `data-early-input` (src/islands/ui/useEarlyInput.ts), a form submitted or a button
 * pressed before the island has taken over is held here: the browser's own submit (a plain POST, or a
 * reload for a form without an action) is prevented and the island replays it once it has adopted the
 * fields' values. If the island's code cannot load, a held submit of a form with an action goes ahead
 * as the plain form post.
 *
 * Registered by integrations/interaction-directive.ts; Astro inlines this file into the pages that
 * use it, so it imports nothing.
 */
import type { ClientDirective } from 'astro';

const EVENTS = ['focusin', 'pointerdown', 'input', 'keydown'] as const;
/** Kept in step with TOAST_EVENT in src/stores/toast.ts (not imported: this file must stay standalone). */
const TOAST_EVENT = 'maple:toast';
/** Kept in step with EARLY_INPUT_EVENT in src/islands/ui/useEarlyInput.ts (same reason). */
const EARLY_INPUT_EVENT = 'maple:early-input';

interface EarlyInputDetail {
  /** Set by the directive: ends the holding and replays what was held (a submit or a button press), if anything. */
  replay?: () => void;
}

const hydrateOnInteraction: ClientDirective = (load, options, el) => {
  const target: EventTarget = options.value === 'page' ? document : el;
  let started = false;
  let taken = false;
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | { button: HTMLButtonElement } | null = null;

  const holds = () => !taken && el.querySelector('[data-early-input]') !== null;
  const hold = (e: Event) => {
    if (!holds()) return;
    if (e.type === 'submit') {
      held = { form: e.target as HTMLFormElement, submitter: (e as SubmitEvent).submitter };
    } else {
      const button = (e.target as Element).closest?.('button');
      if (!button || button.type === 'submit' || !el.contains(button)) return;
      held = { button };
    }
    // Neither the browser (a navigation) nor a framework still hydrating acts on it: the island replays it.
    e.preventDefault();
    e.stopImmediatePropagation();
    void start();
  };
  el.addEventListener('submit', hold, true);
  el.addEventListener('click', hold, true);

  // The island asks for what was held as it adopts the fields' values, and calls `replay` once those
  // values are rendered. Until then the directive keeps holding: a submit landing between the island's
  // first render and the adopted one would otherwise reach handlers that still see empty fields (state
  // read from a store is re-rendered only after React's effects have run). `replay` then hands over
  // whatever is held at that moment.
  el.addEventListener(EARLY_INPUT_EVENT, (e) => {
    (e as CustomEvent<EarlyInputDetail>).detail.replay = () => {
      taken = true;
      const h = held;
      held = null;
      if (!h) return;
      if ('form' in h) {
        if (h.form.isConnected) h.form.requestSubmit(h.submitter?.isConnected ? h.submitter : null);
      } else if (h.button.isConnected) h.button.click();
    };
  });
  // The island's code could not load: a held submit of a form that works without JavaScript (it has
  // an action) goes the plain way; any other is dropped, as the browser would only reload the page.
  el.addEventListener('astro:hydration-error', () => {
    taken = true;
    const h = held;
    held = null;
    if (h && 'form' in h && h.form.isConnected && h.form.hasAttribute('action')) {
      h.form.requestSubmit(h.submitter?.isConnected ? h.submitter : null);
    }
  });

  let observer: IntersectionObserver | undefined;
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) target.removeEventListener(type, start, true);
    window.removeEventListener(TOAST_EVENT, start);
    observer?.disconnect();
    const hydrate = await load();
    await hydrate();
  };
  for (const type of EVENTS) target.addEventListener(type, start, { capture: true, passive: true });
  if (options.value === 'page') window.addEventListener(TOAST_EVENT, start);
  if (options.value === 'visible') {
    observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void start();
    });
    // The island element itself has no box (display: contents): watch its children.
    for (const child of el.children) observer.observe(child);
  }
};

export default hydrateOnInteraction;
