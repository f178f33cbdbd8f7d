/**
 * A minimal ZIP writer (stored entries, no compression: JPEGs do not shrink) that streams one file
 * after another, so a pack of many files never sits in memory as a whole. Pure: the caller supplies
 * each file's bytes when the stream asks for it.
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (the ZIP polynomial) of `bytes`. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface ZipSource {
  name: string;
  /** The file's bytes, read when the stream reaches it. */
  read: () => Promise<Uint8Array>;
}

/** DOS date and time of 2025-01-01 00:00 (fixed, so the same files make the same archive). */
const DOS_TIME = 0;
const DOS_DATE = ((2025 - 1980) << 9) | (1 << 5) | 1;

function header(size: number): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(size);
  return { bytes, view: new DataView(bytes.buffer) };
}

/** A ReadableStream of the ZIP archive of `files`, in order. */
export function zipStream(files: readonly ZipSource[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const central: Uint8Array[] = [];
  let offset = 0;
  let index = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (index < files.length) {
        const file = files[index++]!;
        const data = await file.read();
        const name = encoder.encode(file.name);
        const crc = crc32(data);
        const local = header(30 + name.length);
        local.view.setUint32(0, 0x04034b50, true);
        local.view.setUint16(4, 20, true);
        local.view.setUint16(6, 0x0800, true); // UTF-8 names
        local.view.setUint16(8, 0, true);
        local.view.setUint16(10, DOS_TIME, true);
        local.view.setUint16(12, DOS_DATE, true);
        local.view.setUint32(14, crc, true);
        local.view.setUint32(18, data.length, true);
        local.view.setUint32(22, data.length, true);
        local.view.setUint16(26, name.length, true);
        local.bytes.set(name, 30);
        const entry = header(46 + name.length);
        entry.view.setUint32(0, 0x02014b50, true);
        entry.view.setUint16(4, 20, true);
        entry.view.setUint16(6, 20, true);
        entry.view.setUint16(8, 0x0800, true);
        entry.view.setUint16(12, DOS_TIME, true);
        entry.view.setUint16(14, DOS_DATE, true);
        entry.view.setUint32(16, crc, true);
        entry.view.setUint32(20, data.length, true);
        entry.view.setUint32(24, data.length, true);
        entry.view.setUint16(28, name.length, true);
        entry.view.setUint32(42, offset, true);
        entry.bytes.set(name, 46);
        central.push(entry.bytes);
        controller.enqueue(local.bytes);
        controller.enqueue(data);
        offset += local.bytes.length + data.length;
        return;
      }
      const size = central.reduce((n, c) => n + c.length, 0);
      for (const c of central) controller.enqueue(c);
      const end = header(22);
      end.view.setUint32(0, 0x06054b50, true);
      end.view.setUint16(8, central.length, true);
      end.view.setUint16(10, central.length, true);
      end.view.setUint32(12, size, true);
      end.view.setUint32(16, offset, true);
      controller.enqueue(end.bytes);
      controller.close();
    },
  });
}
