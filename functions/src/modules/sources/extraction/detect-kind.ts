import { sourceKindOfName, type SourceKind } from '@coursecraft/contracts';

const startsWith = (bytes: Uint8Array, prefix: number[]): boolean =>
  prefix.every((byte, index) => bytes[index] === byte);

const PDF_MAGIC = [...'%PDF-'].map((char) => char.charCodeAt(0));
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** Whether the bytes are UTF-8 text: valid UTF-8 and no NUL byte. */
function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The kind of an uploaded file from its name and first bytes: a PDF must start with `%PDF-`,
 * a Word file must be a zip, Markdown and text must be UTF-8 without NUL bytes. Null: refused.
 */
export function detectSourceKind(fileName: string, bytes: Uint8Array): SourceKind | null {
  const kind = sourceKindOfName(fileName);
  switch (kind) {
    case 'pdf':
      return startsWith(bytes, PDF_MAGIC) ? kind : null;
    case 'docx':
      return startsWith(bytes, ZIP_MAGIC) ? kind : null;
    case 'markdown':
    case 'text':
      return isUtf8Text(bytes) ? kind : null;
    default:
      return null;
  }
}
