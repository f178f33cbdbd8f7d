/**
 * The recommender wizard's state and actions (nanostores), split by concern:
 *   state.ts    the atoms (step, mode, answers, slider, search, selected phone, results)
 *   wizard.ts   next, back, skip, options, budget, mode toggle, Start Over
 *   search.ts   the current-phone search, selection and specs enrichment
 *   results.ts  the catalogue fetch and the engine's top 2 (shared with the results page)
 *   url.ts      the shareable `?a=` address and opening a shared link
 *   session.ts  what is kept in session storage
 * The rules are the engine's (src/lib/recommender); these modules only sequence them.
 */
export * from './state';
export * from './wizard';
export * from './search';
export * from './results';
export * from './url';
export * from './session';
