import { describe, expect, it } from 'vitest';
import { apiKeyRequestSchema, registerRequestSchema } from './user';

const valid = {
  email: ' Ada@Example.com ',
  password: 'long-enough-1',
  first_name: ' Ada ',
  last_name: 'Lovelace',
};

describe('registerRequestSchema', () => {
  it('trims names and normalises the e-mail', () => {
    expect(registerRequestSchema.parse(valid)).toEqual({
      email: 'ada@example.com',
      password: 'long-enough-1',
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
  });

  it('rejects a password shorter than 8 characters', () => {
    const result = registerRequestSchema.safeParse({ ...valid, password: 'short' });
    expect(result.error?.issues[0]?.message).toBe('Password must be at least 8 characters');
  });

  it('rejects a blank first name', () => {
    const result = registerRequestSchema.safeParse({ ...valid, first_name: '   ' });
    expect(result.error?.issues[0]?.message).toBe('First name is required');
  });

  it('rejects an address that is not an e-mail', () => {
    const result = registerRequestSchema.safeParse({ ...valid, email: 'not-an-email' });
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address');
  });
});

describe('apiKeyRequestSchema', () => {
  it('accepts a key shaped like a Google API key', () => {
    const key = `AIza${'x'.repeat(35)}`;
    expect(apiKeyRequestSchema.parse({ api_key: ` ${key} ` })).toEqual({ api_key: key });
  });

  it('rejects a key with characters no Google key has', () => {
    expect(apiKeyRequestSchema.safeParse({ api_key: 'abc<script>' }).success).toBe(false);
  });
});
