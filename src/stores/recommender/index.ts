/**
 * The recommender wizard's state and actions (nanostores), split by concern:
 *   state.ts    the atoms (step, mode, answers, slider, search, selected phone, results) and the
 *               pending auto-advance
 *   wizard.ts   next, back, skip, options, budget, mode toggle, Start Over
 *   search.ts   the current-phone search, selection and specs enrichment
 *   results.ts  the catalogue fetch and the engine's top 2 (shared with the results page)
 *   url.ts      writing the shareable `?a=` address
 *   restore.ts  opening a shared link: not re-exported here, the wizard loads it on demand
 *   session.ts  what is kept in session storage
 * Imports run one way: restore.ts and wizard.ts use search.ts and results.ts, results.ts uses url.ts
 * and session.ts, all use state.ts (url.ts uses nothing), and nothing here imports restore.ts.
 * The rules are the engine's (src/lib/recommender); these modules only sequence them.
 */
export * from './state';
export * from './wizard';
export * from './search';
export * from './results';
export * from './url';
export * from './session';
