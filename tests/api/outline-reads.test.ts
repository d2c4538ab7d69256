import type { GenerationJob } from '@coursecraft/contracts';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { app, author, queueFaults, resetFake } from './support/ai';
import { resetEmulators } from './support/emulators';
import { pollJob } from './support/jobs';

/**
 * The call sites that once read the course twice outside a transaction guarding a write hand on
 * what the ownership check read: counted by the Firestore stand-in, which tallies per client
 * connection how often each document was fetched. Job steps run meanwhile in the Functions
 * emulator, on connections of their own; only this process's (the in-process API's) count.
 */
const STANDIN = Boolean(process.env.FIRESTORE_STANDIN);
const JOB_TIMEOUT_MS = 90_000;

interface Counted {
  peers?: Record<string, { gets?: Record<string, number> }>;
}

const readsUrl = () => `http://${process.env.FIRESTORE_CONTROL_HOST}/reads`;
const counted = async (method: 'GET' | 'DELETE' = 'GET') =>
  (await (await fetch(readsUrl(), { method })).json()) as Counted;

describe.runIf(STANDIN)('reads of the course document', { timeout: JOB_TIMEOUT_MS }, () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetFake();
  });

  it('fetches the course once per request, and once more only in a transaction that writes', async () => {
    const client = await author('ada@example.com', { withKey: false });
    const apiKey = `AIzaReadsKey${Date.now()}`;
    await request(app).put('/api/auth/api-key').set(client.auth).send({ api_key: apiKey });
    const create = async (path: string, name: string) => {
      const response = await client.post(path, { name });
      expect(response.status, `POST ${path}`).toBe(201);
      return (response.body as { id: string }).id;
    };
    const courseId = await create('/create-manual', 'Optics');
    const c = `/${courseId}`;
    const s = `${c}/subjects/${await create(`${c}/subjects`, 'Light')}`;
    const ch = `${s}/chapters/${await create(`${s}/chapters`, 'Lenses')}`;
    await create(`${ch}/topics`, 'Focal length');

    /** This process's connections, learnt from a request that runs nothing in the background. */
    const ownPeers = new Set<string>();
    const courseFetches = async (send: () => Promise<{ status: number }>, status: number) => {
      await counted('DELETE');
      expect((await client.get(c)).status).toBe(200);
      for (const peer of Object.keys((await counted('DELETE')).peers ?? {})) ownPeers.add(peer);
      expect((await send()).status).toBe(status);
      const { peers = {} } = await counted();
      return Object.entries(peers)
        .filter(([peer]) => ownPeers.has(peer))
        .reduce((sum, [, tally]) => sum + (tally.gets?.[`courses/${courseId}`] ?? 0), 0);
    };
    const readJob = async (jobId: string) =>
      (await client.get(`${c}/jobs/${jobId}`)).body as GenerationJob;

    // The lesson's step is refused once, so the job ends with a step to retry.
    await queueFaults({ status: 400, apiKey, match: 'text' });
    let jobId = '';
    const start = await courseFetches(async () => {
      const response = await client.post(`${c}/generate_all`);
      jobId = (response.body as { job_id: string }).job_id;
      return response;
    }, 202);
    // The ownership check, then the transaction that creates the job.
    expect(start).toBe(2);
    const failed = await pollJob(() => readJob(jobId), undefined, JOB_TIMEOUT_MS - 20_000);
    expect(failed).toMatchObject({ status: 'finished', failed: 1 });

    expect(await courseFetches(() => client.get(`${c}/jobs`), 200)).toBe(1);
    expect(await courseFetches(() => client.post(`${c}/jobs/${jobId}/retry`), 202)).toBe(1);
    await pollJob(() => readJob(jobId), undefined, JOB_TIMEOUT_MS - 20_000);

    // The ownership check, then the transaction that commits the publication.
    expect(await courseFetches(() => client.post(`${c}/publish`), 200)).toBe(2);
    expect(await courseFetches(() => client.get(`${c}/export/markdown`), 200)).toBe(1);
    expect(await courseFetches(() => client.get(`${c}/tree`), 200)).toBe(1);
  });
});
