/**
 * The content cleaner of spec §9: three or more blank lines become two, and a leading run of
 * heading hashes gets the space markdown needs ("##Title" → "## Title").
 */
export function cleanContent(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .replace(/\n(?:[ \t]*\n){3,}/g, '\n\n\n')
    .replace(/^(#{1,6})(?=[^#\s])/gm, '$1 ');
}

/** Cases equations are the ones KaTeX sometimes lays out before fonts load (spec §2). */
export function hasCasesEquation(markdown: string): boolean {
  return markdown.includes('\\begin{cases}');
}
