/**
 * The prerendered /home carries, in <template> elements, the markup its script swaps in: the
 * header for each session (menu drawn open, so it holds both navs and the close icon), the
 * testimonials' states and a card per star count. Both the prerender and the script use these ids.
 */
export const HOME_TEMPLATES = {
  header: {
    visitor: 'home-header-visitor',
    user: 'home-header-user',
    admin: 'home-header-admin',
  },
  /** A card per star count a shown testimonial can have; `data-min-rating` on the template. */
  testimonialCards: 'home-testimonial-cards',
  testimonialsEmpty: 'home-testimonials-empty',
  testimonialsError: 'home-testimonials-error',
  shareExperience: 'home-share-experience',
} as const;

export type HomeSessionState = keyof typeof HOME_TEMPLATES.header;

/** The element a template holds (its first element), or an error naming the missing template. */
export function templateElement(doc: Document, id: string, selector = '*'): Element {
  const template = doc.getElementById(id);
  const element =
    template instanceof HTMLTemplateElement ? template.content.querySelector(selector) : null;
  if (!element) throw new Error(`The page has no template #${id} holding ${selector}.`);
  return element;
}

/** A fresh copy of an element, typed as what it was. */
export function copyOf<T extends Node>(node: T): T {
  return node.cloneNode(true) as T;
}
