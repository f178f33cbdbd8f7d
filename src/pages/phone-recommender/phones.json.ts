/**
 * The whole phone catalogue, finished at build time (mapped, classified, priced in CAD and
 * validated), as one static JSON file. The wizard fetches it when it reaches the results step and the
 * results page at load, so the browser never downloads raw records or the mapping code, and the
 * wizard's start-up JavaScript stays small. Older phones are included so a visitor's current phone
 * can be compared spec by spec; only phones sold now and released this year or the two before are suggested (src/lib/catalogue/availability.ts).
 */
import type { APIRoute } from 'astro';
import { PHONES } from '../../lib/catalogue';

export const prerender = true;

export const GET: APIRoute = () =>
  new Response(JSON.stringify(PHONES), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
