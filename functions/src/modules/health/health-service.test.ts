import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HealthRepository } from './health-repository';
import { checkHealth } from './health-service';

const repository = (roundTrip: HealthRepository['roundTrip']): HealthRepository => ({ roundTrip });

describe('checkHealth', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reports ok once the round trip succeeds', async () => {
    expect(
      await checkHealth(
        repository(async () => {}),
        '1.0.0',
      ),
    ).toEqual({
      status: 'ok',
      firestore: 'ok',
      version: '1.0.0',
    });
  });

  it('reports degraded and logs why when the round trip fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = repository(() => Promise.reject(new Error('UNAVAILABLE')));
    expect(await checkHealth(failing, '1.0.0')).toEqual({
      status: 'degraded',
      firestore: 'error',
      version: '1.0.0',
    });
    expect(log).toHaveBeenCalledWith(expect.any(String), expect.any(Error));
  });

  it('reports degraded when Firestore does not answer in time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const hanging = repository(() => new Promise(() => {}));
    expect((await checkHealth(hanging, '1.0.0', 20)).status).toBe('degraded');
  });
});
