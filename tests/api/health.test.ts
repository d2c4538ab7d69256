import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/src/app';
import { resetEmulators } from './support/emulators';

describe('GET /api/health against the Firestore emulator', () => {
  beforeEach(resetEmulators);

  it('answers ok after a real Firestore round trip and leaves the probe behind', async () => {
    const response = await request(createApp()).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', firestore: 'ok' });
    expect(typeof response.body.version).toBe('string');

    const { db } = await import('../../functions/src/lib/firestore/db');
    const probe = await db().doc('_health/probe').get();
    expect(probe.exists).toBe(true);
    expect(typeof probe.get('nonce')).toBe('string');
  });
});
