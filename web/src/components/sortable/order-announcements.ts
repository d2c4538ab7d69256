/** What screen readers hear while an item of a list is picked up, moved and dropped. */

/** "position 2 of 5 in Chapter Derivatives" (the place part only when given). */
export function positionText(index: number, count: number, place?: string): string {
  return `position ${index + 1} of ${count}${place ? ` in ${place}` : ''}`;
}

export const ORDER_ANNOUNCEMENTS = {
  instructions:
    'To pick up an item, press Space or Enter on its Reorder button. Move it with the arrow keys, ' +
    'then press Space or Enter to drop it, or Escape to cancel.',
  pickedUp: (item: string, position: string) => `Picked up ${item}. It is at ${position}.`,
  at: (item: string, position: string) => `${item} is at ${position}.`,
  overTarget: (item: string, target: string) =>
    `${item} is over ${target}. Drop it to move it there.`,
  moved: (item: string, position: string) => `${item} moved to ${position}.`,
  stayed: (item: string, position: string) => `${item} was dropped where it was, at ${position}.`,
  cancelled: (item: string, position: string) =>
    `Moving ${item} was cancelled. It is back at ${position}.`,
} as const;
