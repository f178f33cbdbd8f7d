/**
 * The phones the recommender may suggest, finished at build time (mapped and validated by the
 * catalogue), as one static JSON file. The wizard fetches it when it reaches the results step and the
 * results page at load, so the browser never downloads raw records or the mapping code, and the
 * page's JavaScript stays small.
 */
import type { APIRoute } from 'astro';
import { recommendablePhones } from '../../lib/catalogue';

export const prerender = true;

export const GET: APIRoute = () =>
  new Response(JSON.stringify(recommendablePhones()), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
