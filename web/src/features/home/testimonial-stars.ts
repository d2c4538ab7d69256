/** Whole stars plus a half star when the fraction is .5 or more. */
export function displayedStars(rating: number): number {
  return Math.min(5, Math.max(0, Math.floor(rating * 2) / 2));
}

/** The label MUI's read-only Rating gives its stars, e.g. "4.5 Stars". */
export function starsLabel(stars: number): string {
  return `${stars} Star${stars === 1 ? '' : 's'}`;
}
