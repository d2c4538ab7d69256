import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { snapshotDatabase } from './support/database';
import { resetEmulators } from './support/emulators';

/** The stand-in's count of billable reads and writes since the last call (null on the emulator). */
async function standinCounts(): Promise<{ reads: number; writes: number } | null> {
  if (!process.env.FIRESTORE_STANDIN) return null;
  const response = await fetch(`http://${process.env.FIRESTORE_CONTROL_HOST}/reads`, {
    method: 'DELETE',
  });
  return (await response.json()) as { reads: number; writes: number };
}

describe('GET /api/health against the Firestore emulator', () => {
  beforeEach(resetEmulators);

  it('answers ok after reading from Firestore, and writes nothing however often it is called', async () => {
    const api = createApp();
    await standinCounts();
    for (let call = 0; call < 3; call += 1) {
      const response = await request(api).get('/api/health');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'ok', firestore: 'ok' });
      expect(typeof response.body.version).toBe('string');
    }
    const counted = await standinCounts();
    if (counted) {
      expect(counted.writes).toBe(0);
      expect(counted.reads).toBeGreaterThanOrEqual(3);
    }
    expect(await snapshotDatabase()).toEqual([]);
  });
});
