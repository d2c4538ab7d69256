import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error';
import { readMultipart, type MultipartLimits } from './multipart';

const BOUNDARY = 'test-boundary';

type Part = { name: string; value: string | Buffer; filename?: string };

function body(parts: Part[]): Buffer {
  const chunks = parts.flatMap(({ name, value, filename }) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"` +
        (filename ? `; filename="${filename}"\r\nContent-Type: application/octet-stream` : '') +
        '\r\n\r\n',
    ),
    Buffer.isBuffer(value) ? value : Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

/** A request as Cloud Functions hands it over: the body already read, as `rawBody`. */
const requestOf = (raw: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
  ({ headers: { 'content-type': contentType }, rawBody: raw }) as unknown as Request;

const LIMITS: MultipartLimits = {
  fileField: 'upload',
  fileMaxBytes: 16,
  textField: 'note',
  textMaxBytes: 8,
  missing: () => new HttpError(400, 'VALIDATION', 'missing'),
  tooLarge: () => new HttpError(413, 'PAYLOAD_TOO_LARGE', 'too large'),
};

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof HttpError ? `${error.status} ${error.message}` : error),
  );

describe('readMultipart', () => {
  it('reads the file field and the text field, skipping the others', async () => {
    const upload = await readMultipart(
      requestOf(
        body([
          { name: 'other', value: 'ignored' },
          { name: 'upload', value: 'file bytes', filename: 'a.bin' },
          { name: 'note', value: 'hello' },
          { name: 'extra', value: 'skipped' },
        ]),
      ),
      LIMITS,
    );
    expect(upload.file.toString()).toBe('file bytes');
    expect(upload.fileName).toBe('a.bin');
    expect(upload.text).toEqual({ value: 'hello', cut: false });
  });

  it('answers no text when the text field is not sent', async () => {
    const upload = await readMultipart(
      requestOf(body([{ name: 'upload', value: 'x', filename: 'a.bin' }])),
      LIMITS,
    );
    expect(upload).toEqual({ file: Buffer.from('x'), fileName: 'a.bin' });
  });

  it('reports a text field longer than its limit as cut', async () => {
    const upload = await readMultipart(
      requestOf(
        body([
          { name: 'upload', value: 'x', filename: 'a.bin' },
          { name: 'note', value: 'far too long' },
        ]),
      ),
      LIMITS,
    );
    expect(upload.text?.cut).toBe(true);
  });

  it('refuses a file over its limit as too large, and accepts one within it', async () => {
    const within = body([{ name: 'upload', value: Buffer.alloc(15, 1), filename: 'a.bin' }]);
    expect((await readMultipart(requestOf(within), LIMITS)).file).toHaveLength(15);
    const over = body([{ name: 'upload', value: Buffer.alloc(17, 1), filename: 'a.bin' }]);
    expect(await failureOf(readMultipart(requestOf(over), LIMITS))).toBe('413 too large');
  });

  it('refuses a body without the file, with an empty file, or cut short as missing', async () => {
    const cases = [
      body([{ name: 'note', value: 'hi' }]),
      body([{ name: 'upload', value: '', filename: 'a.bin' }]),
      body([{ name: 'upload', value: 'file bytes', filename: 'a.bin' }]).subarray(0, 90),
    ];
    for (const raw of cases) {
      expect(await failureOf(readMultipart(requestOf(raw), LIMITS))).toBe('400 missing');
    }
  });

  it('refuses a body that is not multipart as missing', async () => {
    const raw = Buffer.from('{}');
    expect(await failureOf(readMultipart(requestOf(raw, 'application/json'), LIMITS))).toBe(
      '400 missing',
    );
  });
});
