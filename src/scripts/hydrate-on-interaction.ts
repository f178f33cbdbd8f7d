/**
 * `client:interaction`: hydrates an island on the visitor's first interaction instead of at page
 * load, so a page whose form works without JavaScript (a plain POST) loads no framework code
 * until someone starts using it.
 *
 * - `client:interaction`: the first focus, pointer press or input inside the island.
 * - `client:interaction="page"`: the first such event anywhere on the page, or a toast raised by
 *   a plain script (the `TOAST_EVENT` of src/stores/toast.ts) — for page-wide helpers such as the
 *   toast region, which nobody focuses but which must be live once a form or script talks to it.
 *
 * Typing that happens while the island loads is kept: the islands read their inputs' DOM values
 * once hydrated (see WaitlistForm). Registered by integrations/interaction-directive.ts; Astro
 * inlines this file into the pages that use it, so it imports nothing.
 */
import type { ClientDirective } from 'astro';

const EVENTS = ['focusin', 'pointerdown', 'input', 'keydown'] as const;
/** Kept in step with TOAST_EVENT in src/stores/toast.ts (not imported: this file must stay standalone). */
const TOAST_EVENT = 'maple:toast';

const hydrateOnInteraction: ClientDirective = (load, options, el) => {
  const target: EventTarget = options.value === 'page' ? document : el;
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) target.removeEventListener(type, start, true);
    window.removeEventListener(TOAST_EVENT, start);
    const hydrate = await load();
    await hydrate();
  };
  for (const type of EVENTS) target.addEventListener(type, start, { capture: true, passive: true });
  if (options.value === 'page') window.addEventListener(TOAST_EVENT, start);
};

export default hydrateOnInteraction;
