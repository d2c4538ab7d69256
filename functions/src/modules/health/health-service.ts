import type { HealthResponse } from '@coursecraft/contracts';
import type { HealthRepository } from './health-repository';

/** How long the Firestore round trip may take before the API reports itself degraded. */
export const HEALTH_PROBE_TIMEOUT_MS = 5_000;

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Checks Firestore end to end; a failure is an answer ("degraded"), not an error. */
export async function checkHealth(
  repository: HealthRepository,
  version: string,
  timeoutMs = HEALTH_PROBE_TIMEOUT_MS,
): Promise<HealthResponse> {
  try {
    await withTimeout(repository.roundTrip(), timeoutMs);
    return { status: 'ok', firestore: 'ok', version };
  } catch (error) {
    console.error('Health check: the Firestore round trip failed', error);
    return { status: 'degraded', firestore: 'error', version };
  }
}

export interface HealthDependencies {
  healthRepository: HealthRepository;
  version: () => string;
}

/** The API's health as `GET /api/health` reports it. */
export function healthService({ healthRepository, version }: HealthDependencies) {
  return { check: (): Promise<HealthResponse> => checkHealth(healthRepository, version()) };
}

export type HealthService = ReturnType<typeof healthService>;
