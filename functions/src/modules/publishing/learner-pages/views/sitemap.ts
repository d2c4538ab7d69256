import { escapeHtml } from './escape';

/** `/sitemap.xml`: every absolute URL given, escaped for XML. */
export function sitemapXml(urls: string[]): string {
  const entries = urls.map((url) => `<url><loc>${escapeHtml(url)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

/** `/robots.txt`: everything allowed; the sitemap named. */
export const robotsTxt = (origin: string): string =>
  `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
