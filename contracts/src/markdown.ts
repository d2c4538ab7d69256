/**
 * The content cleaner: three or more blank lines become two, and a leading run of
 * heading hashes gets the space markdown needs ("##Title" → "## Title").
 */
export function cleanContent(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .replace(/\n(?:[ \t]*\n){3,}/g, '\n\n\n')
    .replace(/^(#{1,6})(?=[^#\s])/gm, '$1 ');
}

/** LaTeX's `\(...\)` and `\[...\]` as the dollar forms remark-math reads. */
export function normalizeMathDelimiters(markdown: string): string {
  return markdown
    .replace(/\\\[([\s\S]+?)\\\]/g, (_match, math: string) => `$$${math}$$`)
    .replace(/\\\(([\s\S]+?)\\\)/g, (_match, math: string) => `$${math}$`);
}

/** A generated lesson as it is stored: one fence around the whole answer removed, math normalised, cleaned. */
export function prepareGeneratedLesson(markdown: string): string {
  const unfenced = markdown.trim().replace(/^```(?:markdown|md)?\n([\s\S]*)\n```$/, '$1');
  return cleanContent(normalizeMathDelimiters(unfenced)).trim();
}
