import katexCss from 'katex/dist/katex.min.css?raw';

/**
 * KaTeX's font files by name, as URLs the app serves. The glob climbs to the repository's
 * node_modules, where npm workspaces install katex (the web root's own node_modules has none).
 */
const FONT_URLS = import.meta.glob<string>('../../../../../../node_modules/katex/dist/fonts/*', {
  query: '?url',
  import: 'default',
  eager: true,
});

/** The stylesheet; it finds its fonts in `fonts/` beside it. */
export const KATEX_CSS = katexCss;

/** Every KaTeX font file name, as `katex.min.css` refers to it under `fonts/`. */
export const KATEX_FONT_FILES = Object.keys(FONT_URLS).map((path) => path.replace(/^.*\//, ''));

/** The bytes of every KaTeX font, by file name. */
export async function fetchKatexFonts(): Promise<Map<string, Uint8Array>> {
  const fonts = await Promise.all(
    Object.entries(FONT_URLS).map(async ([path, url]) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`KaTeX font ${path} could not be read: ${response.status}`);
      return [path.replace(/^.*\//, ''), new Uint8Array(await response.arrayBuffer())] as const;
    }),
  );
  return new Map(fonts);
}
