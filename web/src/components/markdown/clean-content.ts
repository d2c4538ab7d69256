export { cleanContent } from '@coursecraft/contracts';

/** Cases equations are the ones KaTeX sometimes lays out before fonts load. */
export function hasCasesEquation(markdown: string): boolean {
  return markdown.includes('\\begin{cases}');
}
