import type { Config } from '@netlify/functions';
import { PHONES } from '../../src/lib/catalogue';
import { phoneQuerySchema } from '../../src/lib/recommender/schemas';
import { searchPhones } from '../../src/lib/recommender/responses';
import { allowMethods, handler, HttpError, json } from '../../src/lib/server/http';

/**
 * GET /api/search-phones?query={text} -> { phones: [...] } (docs/recommender.md#calls-to-the-server): at most 10
 * catalogue phones, most relevant first; none for an empty query. Cacheable: the answer depends only
 * on the query and the catalogue, which changes with a deploy (which purges the CDN cache).
 */
export default handler(async (req) => {
  allowMethods(req, 'GET', 'HEAD');
  const parsed = phoneQuerySchema.safeParse(new URL(req.url).searchParams.get('query') ?? '');
  if (!parsed.success)
    throw new HttpError(400, 'invalid_query', parsed.error.issues[0]?.message ?? 'Invalid search text.', {
      query: parsed.error.issues[0]?.message ?? 'Invalid',
    });
  return json(searchPhones(PHONES, parsed.data), {
    headers: {
      'cache-control': 'public, max-age=300',
      'netlify-cdn-cache-control': 'public, durable, max-age=3600, stale-while-revalidate=86400',
      // Only `query` makes a different answer: tracking parameters must not split the cache.
      'netlify-vary': 'query=query',
    },
  });
});

export const config: Config = { path: '/api/search-phones' };
