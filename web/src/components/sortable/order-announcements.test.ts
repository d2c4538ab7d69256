import { describe, expect, it } from 'vitest';
import { ORDER_ANNOUNCEMENTS, positionText } from './order-announcements';

describe('order announcements', () => {
  it('say the position in words, counting from one, with the list it is in', () => {
    expect(
      ORDER_ANNOUNCEMENTS.moved('Topic Limits', positionText(1, 5, 'Chapter Derivatives')),
    ).toBe('Topic Limits moved to position 2 of 5 in Chapter Derivatives.');
  });

  it('leave the place out when the list needs no name', () => {
    expect(ORDER_ANNOUNCEMENTS.pickedUp('Subject Algebra', positionText(0, 3))).toBe(
      'Picked up Subject Algebra. It is at position 1 of 3.',
    );
  });
});
