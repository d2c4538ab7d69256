import { Inflate } from 'fflate';

/** One file of a zip as its central directory declares it. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedBytes: number;
  inflatedBytes: number;
  localHeaderOffset: number;
}

export class MalformedZipError extends Error {
  constructor(what: string) {
    super(`Malformed zip: ${what}`);
    this.name = 'MalformedZipError';
  }
}

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const END_BYTES = 22;
const CENTRAL_BYTES = 46;
const LOCAL_BYTES = 30;
const ZIP64_MARK = 0xffffffff;
const ZIP64_EXTRA = 0x0001;
const STORED = 0;
const DEFLATED = 8;

/**
 * A zip's entries from its End Of Central Directory record and central directory, read without
 * inflating anything. Throws MalformedZipError when the structure does not hold together
 * (records out of bounds, wrong signatures, a count that does not match); ZIP64 archives (more
 * than 65,535 entries or beyond 4 GB) are refused too, no Word file needs them.
 */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lowest = Math.max(0, bytes.length - END_BYTES - 0xffff);
  let end = -1;
  for (let at = bytes.length - END_BYTES; at >= lowest; at -= 1) {
    if (view.getUint32(at, true) === END_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new MalformedZipError('no end of central directory');
  const count = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === ZIP64_MARK) throw new MalformedZipError('ZIP64');
  if (offset + size > end) throw new MalformedZipError('central directory out of bounds');
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index += 1) {
    if (at + CENTRAL_BYTES > offset + size || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      throw new MalformedZipError('bad central directory entry');
    }
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const next = at + CENTRAL_BYTES + nameLength + extraLength + commentLength;
    if (next > offset + size) throw new MalformedZipError('central directory entry out of bounds');
    const entry: ZipEntry = {
      name: new TextDecoder().decode(
        bytes.subarray(at + CENTRAL_BYTES, at + CENTRAL_BYTES + nameLength),
      ),
      method: view.getUint16(at + 10, true),
      compressedBytes: view.getUint32(at + 20, true),
      inflatedBytes: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    };
    if (
      entry.inflatedBytes === ZIP64_MARK ||
      entry.compressedBytes === ZIP64_MARK ||
      entry.localHeaderOffset === ZIP64_MARK
    ) {
      readZip64Sizes(view, at + CENTRAL_BYTES + nameLength, extraLength, entry);
    }
    entries.push(entry);
    at = next;
  }
  return entries;
}

/** Sizes a ZIP64 extra field gives for the fields marked 0xFFFFFFFF, in their fixed order. */
function readZip64Sizes(view: DataView, start: number, length: number, entry: ZipEntry): void {
  for (let at = start; at + 4 <= start + length;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const take = (): number => {
        if (field + 8 > at + 4 + size) throw new MalformedZipError('short ZIP64 field');
        const value = Number(view.getBigUint64(field, true));
        field += 8;
        return value;
      };
      if (entry.inflatedBytes === ZIP64_MARK) entry.inflatedBytes = take();
      if (entry.compressedBytes === ZIP64_MARK) entry.compressedBytes = take();
      if (entry.localHeaderOffset === ZIP64_MARK) entry.localHeaderOffset = take();
      return;
    }
    at += 4 + size;
  }
  throw new MalformedZipError('ZIP64 sizes without their field');
}

/**
 * Inflates each entry in small steps, keeping nothing, and throws MalformedZipError as soon as
 * one yields more than its directory declared: a zip whose directory understates its content
 * cannot get past a cap checked on the declared sizes.
 */
export function checkInflatedSizes(bytes: Uint8Array, entries: ZipEntry[]): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const entry of entries) {
    const local = entry.localHeaderOffset;
    if (local + LOCAL_BYTES > bytes.length || view.getUint32(local, true) !== LOCAL_SIGNATURE) {
      throw new MalformedZipError('bad local header');
    }
    const start =
      local + LOCAL_BYTES + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + entry.compressedBytes > bytes.length) {
      throw new MalformedZipError('entry data out of bounds');
    }
    const data = bytes.subarray(start, start + entry.compressedBytes);
    if (entry.method === STORED) {
      if (data.length > entry.inflatedBytes)
        throw new MalformedZipError('entry larger than declared');
      continue;
    }
    if (entry.method !== DEFLATED) throw new MalformedZipError('unknown compression method');
    let inflated = 0;
    const inflate = new Inflate((chunk) => {
      inflated += chunk.length;
    });
    const step = 16 * 1024;
    for (let at = 0; at < data.length; at += step) {
      inflate.push(data.subarray(at, at + step), at + step >= data.length);
      if (inflated > entry.inflatedBytes) throw new MalformedZipError('entry larger than declared');
    }
    if (data.length === 0 && entry.inflatedBytes > 0) throw new MalformedZipError('empty entry');
  }
}
