import { config } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';
import './zod-without-eval';

describe('zod without eval', () => {
  it("turns zod's JIT off through the configuration zod itself reads", () => {
    expect(config().jitless).toBe(true);
  });
});
