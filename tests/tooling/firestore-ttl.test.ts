import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
/** firebase-tools' own check of firestore.indexes.json, as `firebase deploy` runs it. */
const { FirestoreApi } = require('firebase-tools/lib/firestore/api.js') as {
  FirestoreApi: new () => { validateSpec(spec: unknown): void };
};

const spec = JSON.parse(fs.readFileSync('firestore.indexes.json', 'utf8')) as {
  fieldOverrides: { collectionGroup: string; fieldPath: string; ttl?: boolean }[];
};

describe('firestore.indexes.json', () => {
  it('declares the TTL policy that deletes expired mail documents, in a form firebase-tools accepts', () => {
    expect(() => new FirestoreApi().validateSpec(spec)).not.toThrow();
    expect(spec.fieldOverrides).toContainEqual(
      expect.objectContaining({ collectionGroup: 'mail', fieldPath: 'expires_at', ttl: true }),
    );
  });

  it('firebase-tools refuses a TTL flag that is not a boolean', () => {
    const broken = structuredClone(spec);
    const ttlField = broken.fieldOverrides.find((field) => field.ttl !== undefined);
    Object.assign(ttlField ?? {}, { ttl: 'yes' });
    expect(() => new FirestoreApi().validateSpec(broken)).toThrow(/ttl/);
  });
});
