/**
 * Click-to-load video embeds (docs/site.md#about): nothing from the video host loads until the
 * visitor asks to play. Pure helpers shared by the about page and its script.
 */

/** Video ids on the host are short URL-safe tokens; anything else is refused. */
const EMBED_ID = /^[A-Za-z0-9_-]{6,20}$/;

/**
 * The embed address for a video, autoplaying because the visitor just pressed play.
 * @param origin the embed host, e.g. SITE.videoEmbedOrigin ('https://www.youtube-nocookie.com')
 * @throws Error when the id is not a plausible video id (never builds a URL from arbitrary text)
 */
export function embedUrl(origin: string, embedId: string): string {
  if (!EMBED_ID.test(embedId)) throw new Error(`Invalid video id: ${embedId}`);
  const url = new URL(`/embed/${embedId}`, origin);
  url.searchParams.set('autoplay', '1');
  url.searchParams.set('rel', '0');
  url.searchParams.set('modestbranding', '1');
  return url.href;
}

/** CSS aspect ratio of the player frame: shorts are tall (9:16), regular videos 16:9. */
export function frameAspect(isShort: boolean): '9 / 16' | '16 / 9' {
  return isShort ? '9 / 16' : '16 / 9';
}
