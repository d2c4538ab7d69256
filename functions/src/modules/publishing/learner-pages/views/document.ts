import type { PageHead } from '../page-model';
import { escapeHtml } from './escape';
import { PAGE_CSS } from './styles';

/** KaTeX's stylesheet and the two fonts nearly every formula uses, as the learner assets name them. */
export const KATEX_STYLESHEET = '/learn-assets/katex/katex.min.css';
export const KATEX_PRELOADED_FONTS = [
  '/learn-assets/katex/fonts/KaTeX_Main-Regular.woff2',
  '/learn-assets/katex/fonts/KaTeX_Math-Italic.woff2',
];
export const LEARNER_SCRIPT = '/learn-assets/learner.js';

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/** Everything of `<head>` a page's link previews, search engines and styles need. */
export function headTags(head: PageHead, { script }: { script: boolean }): string {
  const tags = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}">`,
    ...(head.indexable ? [] : ['<meta name="robots" content="noindex">']),
    '<meta name="color-scheme" content="light dark">',
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonicalUrl),
    meta('property', 'og:image', head.previewImageUrl),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:site_name', 'Coursecraft'),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.previewImageUrl),
    ...(head.hasMath
      ? [
          ...KATEX_PRELOADED_FONTS.map(
            (font) => `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin>`,
          ),
          `<link rel="stylesheet" href="${KATEX_STYLESHEET}">`,
        ]
      : []),
    `<style>${PAGE_CSS}</style>`,
    ...(script
      ? [
          '<noscript><style>#learn-actions,#learn-progress,#quiz-actions{display:none}</style></noscript>',
          `<script type="module" src="${LEARNER_SCRIPT}"></script>`,
        ]
      : []),
  ];
  return tags.join('\n');
}

/** The header every learner page shows: the brand and the account links the script may replace. */
export const SITE_HEADER = [
  '<header class="site-header">',
  '<a class="brand" href="/home">Coursecraft</a>',
  '<nav aria-label="Account" id="learn-account"><a href="/auth?mode=login">Login</a><a href="/auth?mode=signup">Sign Up</a></nav>',
  '</header>',
].join('');

const SITE_FOOTER =
  '<footer class="site-footer"><p>Made with <a href="/home">Coursecraft</a></p></footer>';

/** A whole HTML document: `<html lang>`, the head, a skip link, header, the body's content, footer. */
export function htmlDocument({
  head,
  bodyAttributes,
  content,
  script,
}: {
  head: PageHead;
  bodyAttributes: Record<string, string>;
  content: string;
  script: boolean;
}): string {
  const attributes = Object.entries(bodyAttributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(head.lang)}">`,
    '<head>',
    headTags(head, { script }),
    '</head>',
    `<body${attributes}>`,
    '<a class="skip-link" href="#main">Skip to content</a>',
    SITE_HEADER,
    content,
    SITE_FOOTER,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
