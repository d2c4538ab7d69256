import { displayedStars, starsLabel } from '../testimonial-stars';
import { copyOf, HOME_TEMPLATES, templateElement } from './home-templates';

/** What a card shows of a testimonial. */
export interface ShownTestimonial {
  quote: string;
  rating: number;
  author: string;
}

/** The testimonials fetched, or 'error' when they could not be. */
export type TestimonialsOutcome = ShownTestimonial[] | 'error';

const TESTIMONIALS_URL = '/api/testimonials';

function isShown(value: unknown): value is ShownTestimonial & { is_approved: boolean } {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.quote === 'string' &&
    typeof entry.rating === 'number' &&
    typeof entry.author === 'string' &&
    typeof entry.is_approved === 'boolean'
  );
}

/**
 * `GET /api/testimonials` as the app's home page reads it: approved ones rated at least
 * `minRating`, in the order received. A failed request or an unexpected answer is 'error'.
 */
export async function fetchTestimonials(
  minRating: number,
  fetchFn: typeof fetch = fetch,
): Promise<TestimonialsOutcome> {
  try {
    const response = await fetchFn(TESTIMONIALS_URL, { headers: { Accept: 'application/json' } });
    if (!response.ok) return 'error';
    const body: unknown = await response.json();
    if (!Array.isArray(body) || !body.every(isShown)) return 'error';
    return body
      .filter((entry) => entry.is_approved && entry.rating >= minRating)
      .map(({ quote, rating, author }) => ({ quote, rating, author }));
  } catch {
    return 'error';
  }
}

/** The lowest rating the home page shows, as the prerender wrote it on the cards' template. */
export function minimumRating(doc: Document): number {
  const value = Number(doc.getElementById(HOME_TEMPLATES.testimonialCards)?.dataset.minRating);
  if (!Number.isFinite(value)) throw new Error('The testimonial cards template has no minimum.');
  return value;
}

/** The cards, built from the template card that has the same stars. */
function cardList(doc: Document, testimonials: ShownTestimonial[]): Element {
  const templateList = templateElement(doc, HOME_TEMPLATES.testimonialCards, 'ul');
  const list = copyOf(templateList);
  list.replaceChildren(
    ...testimonials.map((testimonial) => {
      const label = starsLabel(displayedStars(testimonial.rating));
      const card = [...templateList.children].find(
        (item) => item.querySelector('[role="img"]')?.getAttribute('aria-label') === label,
      );
      if (!card) throw new Error(`No template card shows ${label}.`);
      const copy = copyOf(card);
      const quote = copy.querySelector('blockquote');
      const author = copy.querySelector('figcaption');
      if (!quote || !author) throw new Error('The template card lacks its quote or author.');
      quote.textContent = `“${testimonial.quote}”`;
      author.textContent = testimonial.author;
      return copy;
    }),
  );
  return list;
}

/** In a template of the whole section: what follows the heading, and the action under the list. */
const BODY = 'section > h2 + *';
const ACTION = 'section > :last-child';

function sectionPart(doc: Document, id: string, selector: string): Element {
  return copyOf(templateElement(doc, id, selector));
}

/**
 * Draws the prerendered testimonials section (heading, then a spinner) as the app's home page
 * does: the cards, the empty note or the error under the heading, and for a signed-in user the
 * link to write one. `outcome` undefined keeps the spinner.
 */
export function showTestimonials(
  doc: Document,
  outcome: TestimonialsOutcome | undefined,
  signedIn: boolean,
) {
  const section = doc.querySelector('section[aria-labelledby="testimonials-heading"]');
  const heading = section?.querySelector('h2');
  if (!section || !heading) throw new Error('The page has no testimonials section.');
  const spinner = heading.nextElementSibling;
  let body: Element | null;
  if (outcome === undefined) body = spinner?.querySelector('[role="progressbar"]') ? spinner : null;
  else if (outcome === 'error') body = sectionPart(doc, HOME_TEMPLATES.testimonialsError, BODY);
  else if (outcome.length === 0) body = sectionPart(doc, HOME_TEMPLATES.testimonialsEmpty, BODY);
  else body = cardList(doc, outcome);
  const action = signedIn ? sectionPart(doc, HOME_TEMPLATES.shareExperience, ACTION) : null;
  section.replaceChildren(...[heading, body, action].filter((node) => node !== null));
}
