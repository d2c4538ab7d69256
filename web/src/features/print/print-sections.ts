/** A section's number in the course, "1", "1.2" or "1.2.3", from its 0-based indexes. */
export function sectionNumber(...indexes: number[]): string {
  return indexes.map((index) => index + 1).join('.');
}

/** The id of a section's heading in the print edition, which its contents entry links to. */
export function sectionAnchor(level: 'subject' | 'chapter' | 'topic', id: string): string {
  return `print-${level}-${id}`;
}
