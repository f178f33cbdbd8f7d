import type { Config, Context } from '@netlify/edge-functions';

/** Marks responses that went through the edge runtime (proves edge functions run locally too). */
export default async (_req: Request, context: Context) => {
  const res = await context.next();
  res.headers.set('x-edge', 'on');
  return res;
};

export const config: Config = { path: '/*', excludedPath: ['/_astro/*'] };
