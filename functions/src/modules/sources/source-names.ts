import { SOURCE_LIMITS } from '@coursecraft/contracts';

/**
 * The name a source is shown by, from the file name its upload gave: the last path segment, no
 * control characters, at most SOURCE_LIMITS.nameMaxLength characters with the extension kept.
 */
export function sourceNameOf(fileName: string): string {
  const base = (fileName.split(/[/\\]/).pop() ?? '').replace(/\p{Cc}/gu, '').trim();
  const max = SOURCE_LIMITS.nameMaxLength;
  const letters = [...base];
  if (letters.length <= max) return base;
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? [...base.slice(dot)] : [];
  if (extension.length >= max) return letters.slice(0, max).join('');
  return [...letters.slice(0, max - extension.length), ...extension].join('');
}
