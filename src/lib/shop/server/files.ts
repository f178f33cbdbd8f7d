/**
 * The file behind each digital product (docs/shop.md#what-a-buyer-downloads). Server only.
 *
 * - A file staff uploaded (Blobs store `shop-files`, key = product id) replaces the built-in one.
 * - Built in: the wallpaper pack is a ZIP of the 30 wallpapers of /walls, streamed one image at a
 *   time; the guides are the documents of src/data/downloads/guides.ts as one printable HTML page.
 * Everything streams, so a download stays under the platform's 20 MB streamed-response limit only by
 * the file's own size: uploads are capped at MAX_UPLOAD_BYTES.
 */
import { getStore } from '@netlify/blobs';
import { GUIDES } from '../../../data/downloads/guides';
import { WALLPAPERS } from '../../../data/wallpapers';
import { renderMarkdown } from '../../campaigns/markdown';
import { zipStream } from '../zip';

/** Largest file staff may upload (a function's request body is at most 6 MB on Netlify). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const FILES_STORE = 'shop-files';
const files = () => getStore({ name: FILES_STORE, consistency: 'strong' });

export interface ProductFile {
  name: string;
  type: string;
  body: ReadableStream<Uint8Array> | Uint8Array;
  size?: number;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A guide as one self-contained, printable HTML document. */
export function guideDocument(productId: string): string | null {
  const guide = GUIDES[productId];
  if (!guide) return null;
  const { html } = renderMarkdown(guide.markdown);
  return `<!doctype html>
<html lang="en-CA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(guide.title)} | Maple Tech</title>
<style>body{font-family:system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1f2933;line-height:1.6}
footer{margin-top:3rem;font-size:.85rem;color:#52606d}@media print{body{margin:0}}</style></head>
<body>${html}<footer>© Maple Tech, Kitchener, Ontario. Licensed for the buyer's personal use. Print or save as PDF from your browser.</footer></body></html>
`;
}

/** Ids of the digital products with a built-in file. */
export const BUILT_IN_FILES = ['maple-wallpaper-pack', ...Object.keys(GUIDES)];

const slug = (id: string) => id.replace(/[^a-z0-9-]/g, '');

/**
 * The file of `productId`, or null. `siteOrigin` is where the wallpapers are served (this site).
 */
export async function productFile(productId: string, siteOrigin: string): Promise<ProductFile | null> {
  const uploaded = await files()
    .getWithMetadata(productId, { type: 'stream' })
    .catch(() => null);
  if (uploaded?.data) {
    const meta = uploaded.metadata as { name?: string; type?: string; size?: number };
    return {
      name: meta.name ?? `${slug(productId)}.bin`,
      type: meta.type ?? 'application/octet-stream',
      body: uploaded.data as ReadableStream<Uint8Array>,
      size: meta.size,
    };
  }
  if (productId === 'maple-wallpaper-pack') {
    const body = zipStream(
      WALLPAPERS.map((w) => ({
        name: `maple-tech-wallpapers/${w.category.toLowerCase()}/${w.id}.jpg`,
        read: async () => {
          const res = await fetch(new URL(w.imageUrl, siteOrigin));
          if (!res.ok) throw new Error(`wallpaper ${w.id}: ${res.status}`);
          return new Uint8Array(await res.arrayBuffer());
        },
      })),
    );
    return { name: 'maple-tech-wallpapers.zip', type: 'application/zip', body };
  }
  const doc = guideDocument(productId);
  if (doc) {
    const bytes = new TextEncoder().encode(doc);
    return { name: `${slug(productId)}.html`, type: 'text/html; charset=utf-8', body: bytes, size: bytes.length };
  }
  return null;
}

/** Staff: replaces the file of a digital product. */
export async function replaceProductFile(
  productId: string,
  name: string,
  type: string,
  bytes: Uint8Array,
): Promise<void> {
  // A copy of exactly these bytes: `bytes` may be a view into a larger buffer (a Node Buffer from the
  // shared pool), whose `.buffer` would store other memory of the process with the file.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  await files().set(productId, copy.buffer, { metadata: { name, type, size: bytes.length } });
}

/** Staff: what each digital product delivers now. */
export async function fileSummary(
  productId: string,
): Promise<{ source: 'uploaded' | 'built-in' | 'none'; name: string | null }> {
  const meta = await files()
    .getMetadata(productId)
    .catch(() => null);
  if (meta) return { source: 'uploaded', name: (meta.metadata as { name?: string }).name ?? null };
  if (productId === 'maple-wallpaper-pack') return { source: 'built-in', name: 'maple-tech-wallpapers.zip' };
  if (GUIDES[productId]) return { source: 'built-in', name: `${slug(productId)}.html` };
  return { source: 'none', name: null };
}
