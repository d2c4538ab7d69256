import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { find, svg as svgSchema } from 'property-information';

type Root = ReturnType<typeof fromHtml>;
type Element = Extract<Root['children'][number], { type: 'element' }>;
type Node = Element['children'][number];
type Properties = Element['properties'];

/** The elements a drawing may hold; anything else is dropped with everything inside it. */
const ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'defs',
  'marker',
  'symbol',
  'pattern',
  'mask',
  'style',
  'title',
  'desc',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'use',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComposite',
  'feDropShadow',
  'feFlood',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
]);

/** Elements whose content is kept without them: a link around a node keeps the node. */
const UNWRAPPED = new Set(['a']);

/** Attributes (by their SVG names) that draw: geometry, presentation, identity, accessibility. */
const ATTRIBUTES = new Set(
  [
    // geometry
    'x',
    'y',
    'x1',
    'y1',
    'x2',
    'y2',
    'cx',
    'cy',
    'r',
    'rx',
    'ry',
    'fx',
    'fy',
    'fr',
    'dx',
    'dy',
    'd',
    'points',
    'width',
    'height',
    'viewBox',
    'preserveAspectRatio',
    'transform',
    'rotate',
    'textLength',
    'lengthAdjust',
    'pathLength',
    'startOffset',
    'refX',
    'refY',
    'markerWidth',
    'markerHeight',
    'markerUnits',
    'orient',
    'gradientUnits',
    'gradientTransform',
    'spreadMethod',
    'offset',
    'clipPathUnits',
    'patternUnits',
    'patternContentUnits',
    'patternTransform',
    'maskUnits',
    'maskContentUnits',
    'filterUnits',
    'primitiveUnits',
    'in',
    'in2',
    'result',
    'mode',
    'operator',
    'k1',
    'k2',
    'k3',
    'k4',
    'stdDeviation',
    'values',
    'type',
    'radius',
    // presentation
    'fill',
    'fill-opacity',
    'fill-rule',
    'stroke',
    'stroke-width',
    'stroke-opacity',
    'stroke-dasharray',
    'stroke-dashoffset',
    'stroke-linecap',
    'stroke-linejoin',
    'stroke-miterlimit',
    'opacity',
    'color',
    'font-family',
    'font-size',
    'font-weight',
    'font-style',
    'font-variant',
    'text-anchor',
    'text-decoration',
    'dominant-baseline',
    'alignment-baseline',
    'baseline-shift',
    'letter-spacing',
    'word-spacing',
    'white-space',
    'writing-mode',
    'visibility',
    'display',
    'overflow',
    'stop-color',
    'stop-opacity',
    'flood-color',
    'flood-opacity',
    'clip-path',
    'clip-rule',
    'mask',
    'filter',
    'marker-start',
    'marker-mid',
    'marker-end',
    'vector-effect',
    'shape-rendering',
    'style',
    // identity and accessibility
    'id',
    'class',
    'role',
    'xmlns',
    'xml:space',
    'version',
  ].map((name) => name.toLowerCase()),
);

/** Attributes that point at another element: kept only when they point into the drawing. */
const LOCAL_REFERENCES = new Set(['href', 'xlink:href']);

const attributeName = (property: string): string =>
  find(svgSchema, property).attribute.toLowerCase();

/** Whether a character is a control character, whitespace (ASCII or no-break) or DEL. */
const isInvisible = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0x20 || (code >= 0x7f && code <= 0xa0);
};

/** A value with control characters and whitespace removed, for scheme checks. */
const squeezed = (value: string): string =>
  Array.from(value)
    .filter((char) => !isInvisible(char))
    .join('')
    .toLowerCase();

/** Every `url(…)` of a value points into the drawing (`url(#id)`), or it names none. */
function onlyLocalUrls(value: string): boolean {
  const squeezedValue = squeezed(value);
  for (const match of squeezedValue.matchAll(/url\(/g)) {
    const target = squeezedValue.slice(match.index + 4).replace(/^['"]/, '');
    if (!target.startsWith('#')) return false;
  }
  return true;
}

/** Text no value or style may hold: script URLs, old IE script hooks, escapes that hide them. */
const FORBIDDEN_IN_VALUES = [
  'javascript:',
  'vbscript:',
  'data:',
  'expression(',
  '-moz-binding',
  'behavior:',
];

function safeValue(value: string): boolean {
  const squeezedValue = squeezed(value);
  return (
    !FORBIDDEN_IN_VALUES.some((forbidden) => squeezedValue.includes(forbidden)) &&
    onlyLocalUrls(value)
  );
}

/**
 * A stylesheet or style attribute that loads nothing and runs nothing, or null when it cannot be
 * made so: comments are dropped, `@import` rules removed, a `url()` that leaves the drawing
 * becomes `none`; anything still suspicious (escapes, markup) drops the whole of it.
 */
export function sanitizeCss(css: string): string | null {
  let text = css.replace(/\/\*[\s\S]*?(\*\/|$)/g, '');
  if (/[\\<]/.test(text)) return null;
  text = text.replace(/@import[^;]*(;|$)/gi, '');
  text = text.replace(/url\(\s*(['"]?)([^)]*)\)/gi, (whole, _quote: string, target: string) =>
    target.trim().startsWith('#') ? whole : 'none',
  );
  if (/@import|@namespace/i.test(text) || !safeValue(text)) return null;
  return text;
}

function stringOf(value: Properties[string]): string | null {
  if (value === null || value === undefined || value === false) return null;
  if (value === true) return '';
  return Array.isArray(value) ? value.join(' ') : String(value);
}

function allowedAttribute(name: string, value: string): boolean {
  if (name.startsWith('on')) return false;
  if (LOCAL_REFERENCES.has(name)) return squeezed(value).startsWith('#');
  if (!(ATTRIBUTES.has(name) || name.startsWith('aria-') || /^data-[a-z0-9-]+$/.test(name))) {
    return false;
  }
  if (name === 'xmlns') return value === 'http://www.w3.org/2000/svg';
  // The learner pages' own elements are `learn-…`: a drawing must not take their ids.
  if (name === 'id' && value.toLowerCase().startsWith('learn-')) return false;
  return safeValue(value);
}

function cleanProperties(properties: Properties): Properties {
  const clean: Properties = {};
  for (const [property, raw] of Object.entries(properties)) {
    const value = stringOf(raw);
    if (value === null) continue;
    const name = attributeName(property);
    if (name === 'style') {
      const css = sanitizeCss(value);
      if (css !== null) clean[property] = css;
    } else if (allowedAttribute(name, value)) {
      clean[property] = raw;
    }
  }
  return clean;
}

function cleanChildren(nodes: readonly Node[]): Node[] {
  return nodes.flatMap((node): Node[] => {
    if (node.type === 'text') return [node];
    if (node.type !== 'element') return [];
    if (UNWRAPPED.has(node.tagName)) return cleanChildren(node.children);
    if (!ELEMENTS.has(node.tagName)) return [];
    if (node.tagName === 'style') {
      const css = sanitizeCss(
        node.children.map((child) => (child.type === 'text' ? child.value : '')).join(''),
      );
      return css === null
        ? []
        : [{ ...node, properties: {}, children: [{ type: 'text', value: css }] }];
    }
    return [
      {
        ...node,
        properties: cleanProperties(node.properties),
        children: cleanChildren(node.children),
      },
    ];
  });
}

/**
 * A browser-drawn diagram reduced to what draws: SVG elements and attributes on an allowlist,
 * references only into the drawing itself, styles that load nothing. Scripts, event handlers,
 * foreign objects, images and links out are gone. Null when the markup holds no `<svg>`.
 */
export function sanitizeSvg(markup: string): string | null {
  const tree = fromHtml(markup, { fragment: true });
  const root = tree.children.find(
    (node): node is Element => node.type === 'element' && node.tagName === 'svg',
  );
  if (!root) return null;
  const [clean] = cleanChildren([root]);
  return clean ? toHtml(clean, { space: 'svg' }) : null;
}
