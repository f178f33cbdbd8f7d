/**
 * What the visitor did before the island was ready (docs/performance.md, "Input before an island is
 * ready"). An island hydrated by `client:interaction` (src/scripts/hydrate-on-interaction.ts) can be
 * typed into, checked and submitted while its code loads: React hydration keeps the typed text on
 * screen but not in the island's state, and the directive holds a submit or a button press meanwhile.
 *
 * Put `data-early-input` on the element `rootRef` points to (the directive holds input only in such
 * islands). Once hydrated, `adopt(root)` is called once to read what the fields hold into the island's
 * state (values, checked boxes; focus stays where it was, since hydration keeps the elements). Once
 * those values are rendered, the directive stops holding and the held submit or button press, if any,
 * is replayed on the adopted state.
 */
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** Kept in step with EARLY_INPUT_EVENT in src/scripts/hydrate-on-interaction.ts (a standalone file). */
export const EARLY_INPUT_EVENT = 'maple:early-input';

export function useEarlyInput(rootRef: RefObject<HTMLElement | null>, adopt: (root: HTMLElement) => void): void {
  const [replay, setReplay] = useState<(() => void) | null>(null);

  // A layout effect, so the adoption happens in the hydration's own commit. The directive holds a
  // submit or a button press until `replay` is called, from the effect below: by then the adopted
  // values are rendered, whether they went into React state or into a store (a store's subscribers
  // re-render only after React's effects have run). Releasing earlier let an Enter pressed as the
  // recommender took over find the search empty; a click, "Name is required" beside a typed name.
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const detail: { replay?: () => void } = {};
    root.dispatchEvent(new CustomEvent(EARLY_INPUT_EVENT, { bubbles: true, detail }));
    adopt(root);
    // Called after the adopted values are rendered (the next effect), so the handlers see them; the
    // directive holds a submit or a button press until then, and hands them over at that call.
    if (detail.replay) setReplay(() => detail.replay!);
    // Once, on hydration: `adopt` and the ref are read at that moment only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!replay) return;
    setReplay(null);
    replay();
  }, [replay]);
}
