import { describe, expect, it } from 'vitest';
import { aiUsageLine, describeWait, tooManyRequestsMessage } from './rate-limits';

describe('rate limit messages', () => {
  it('rounds a wait up to the unit a person reads', () => {
    expect([1, 0.2, 59, 60, 61, 3599, 3600, 3601, 7200].map(describeWait)).toEqual([
      '1 second',
      '1 second',
      '59 seconds',
      '1 minute',
      '2 minutes',
      '60 minutes',
      '1 hour',
      '2 hours',
      '2 hours',
    ]);
  });

  it('says how long to wait and how much of the budget is used', () => {
    expect(tooManyRequestsMessage(90)).toBe('Too many requests. Please try again in 2 minutes.');
    expect(aiUsageLine({ used: 3, limit: 200 })).toBe('AI requests today: 3 of 200');
  });
});
