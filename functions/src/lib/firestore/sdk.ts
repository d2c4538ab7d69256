import { createRequire } from 'node:module';
import type * as FirestoreSdk from 'firebase-admin/firestore';

/**
 * The Firestore SDK takes over a third of the API's cold import (its gRPC clients and protos), so
 * it is required on first use, not when the function's module loads. A synchronous require keeps
 * the repositories as they are; the functions bundle maps `import.meta.url` to its own file.
 */
const requireOnFirstUse = createRequire(import.meta.url);
let sdk: typeof FirestoreSdk | undefined;

export function firestoreSdk(): typeof FirestoreSdk {
  sdk ??= requireOnFirstUse('firebase-admin/firestore') as typeof FirestoreSdk;
  return sdk;
}

/**
 * Firestore's Timestamp class, loaded with the SDK the first time it is used: `Timestamp.now()`
 * and `value instanceof Timestamp` work as with the class itself.
 */
export const Timestamp = new Proxy(function loadsOnFirstUse() {}, {
  get(_target, key) {
    const actual = firestoreSdk().Timestamp;
    const value: unknown = Reflect.get(actual, key);
    return typeof value === 'function' && key !== 'prototype' ? value.bind(actual) : value;
  },
}) as unknown as typeof FirestoreSdk.Timestamp;
export type Timestamp = FirestoreSdk.Timestamp;
