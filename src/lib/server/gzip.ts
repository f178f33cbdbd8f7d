/**
 * gzip for blobs and downloads, with the web streams every runtime here has (Node 22, Netlify
 * Functions): no Node imports. Server only.
 */

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  const out = new Uint8Array(length);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

/** One gzip member holding `text` (UTF-8) or `bytes`, as a buffer a blob can be written from. */
export async function gzip(data: string | Uint8Array): Promise<ArrayBuffer> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const out = await collect(new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('gzip')));
  return out.buffer as ArrayBuffer;
}

/** The bytes inside gzip data (every member, in order). */
export function gunzip(data: Uint8Array | ArrayBuffer): Promise<Uint8Array> {
  return collect(new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip')));
}

/** The UTF-8 text inside gzip data. */
export async function gunzipText(data: Uint8Array | ArrayBuffer): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await gunzip(data));
}

/**
 * One gzip member holding the contents of several gzip blobs, in order, streamed: only one source
 * is read at a time and only the compressed result is held, however large the whole.
 * @param sources read in turn
 */
export async function gzipJoin(sources: (() => Promise<ArrayBuffer>)[]): Promise<ArrayBuffer> {
  const compressor = new CompressionStream('gzip');
  const writer = compressor.writable.getWriter();
  const out = collect(compressor.readable);
  for (const source of sources) {
    const data = await source();
    const reader = new Blob([data]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await writer.write(value);
    }
  }
  await writer.close();
  return (await out).buffer as ArrayBuffer;
}
