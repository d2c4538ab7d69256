import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { HttpError } from './http-error';
import { describeZodError, validate, zodFields } from './validate';

const topic = z.object({ name: z.string().trim().min(1, 'Required').max(5, 'Too long') });

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('validate', () => {
  it('returns the parsed value when the input is valid', () => {
    expect(validate(topic, { name: '  abc ', extra: true })).toEqual({ name: 'abc' });
  });

  it('throws a 400 HttpError naming the field when the input is invalid', () => {
    const error = caught(() => validate(topic, { name: 'far too long' }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'name: Too long',
      details: { fields: { name: 'Too long' } },
    });
  });

  it('rejects a missing body', () => {
    expect(caught(() => validate(topic, undefined))).toMatchObject({ status: 400 });
  });
});

describe('describeZodError', () => {
  it('joins the first issues with their nested paths', () => {
    const schema = z.object({ items: z.array(z.object({ title: z.string().min(1, 'Required') })) });
    const { error } = schema.safeParse({ items: [{ title: 'ok' }, { title: '' }] });
    if (!error) throw new Error('expected the input to be invalid');
    expect(describeZodError(error)).toBe('items.1.title: Required');
  });

  it('keeps at most three issues', () => {
    const schema = z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string() });
    const { error } = schema.safeParse({});
    if (!error) throw new Error('expected the input to be invalid');
    expect(describeZodError(error).split('; ')).toHaveLength(3);
  });
});

describe('zodFields', () => {
  const issue = (path: string[], message: string): z.core.$ZodIssue => ({
    code: 'custom',
    path,
    message,
    input: null,
  });

  it('keeps the first message of each dotted path, the input itself under ""', () => {
    const error = new z.ZodError([
      issue(['items', '1', 'title'], 'Required'),
      issue(['items', '1', 'title'], 'Too long'),
      issue([], 'Unknown key'),
    ]);
    expect(zodFields(error)).toEqual({ 'items.1.title': 'Required', '': 'Unknown key' });
  });

  it('keeps a client key named __proto__ as a plain key', () => {
    const fields = zodFields(new z.ZodError([issue(['__proto__'], 'Not a number')]));
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.keys(fields)).toEqual(['__proto__']);
  });
});
