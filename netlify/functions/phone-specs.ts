import type { Config } from '@netlify/functions';
import { PHONES } from '../../src/lib/catalogue';
import { phoneQuerySchema } from '../../src/lib/recommender/schemas';
import { phoneSpecsFor } from '../../src/lib/recommender/responses';
import { allowMethods, handler, HttpError, json, type FnContext } from '../../src/lib/server/http';

/** The catalogue only changes with a deploy, which purges the CDN cache. */
const CACHE_HEADERS = {
  'cache-control': 'public, max-age=300',
  'netlify-cdn-cache-control': 'public, durable, max-age=3600, stale-while-revalidate=86400',
};

function queryText(req: Request, context: FnContext): string {
  const raw = context.params?.query ?? new URL(req.url).pathname.replace(/^\/api\/phone-specs\/?/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, 'invalid_query', 'The phone name in the address is not valid URL encoding.');
  }
}

/**
 * GET /api/phone-specs/{brand model text, URL-encoded} -> { phone, source, note }
 * (docs/recommender.md#calls-to-the-server).
 * source 'internal': a catalogue phone; 'estimated': guessed from the text (note says so).
 * 404 with the error shape when the text is empty.
 */
export default handler(async (req, context: FnContext) => {
  allowMethods(req, 'GET', 'HEAD');
  const parsed = phoneQuerySchema.safeParse(queryText(req, context));
  if (!parsed.success)
    throw new HttpError(400, 'invalid_query', parsed.error.issues[0]?.message ?? 'Invalid phone name.');
  const answer = phoneSpecsFor(PHONES, parsed.data);
  if (!answer)
    throw new HttpError(404, 'not_found', 'Enter a phone model to look up, for example /api/phone-specs/Pixel%208.');
  return json(answer, { headers: CACHE_HEADERS });
});

export const config: Config = { path: ['/api/phone-specs', '/api/phone-specs/:query'] };
