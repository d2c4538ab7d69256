import { beforeEach, describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '../../functions/src/lib/gemini/gemini-client';
import {
  author,
  fetchImage,
  geminiRequests,
  promptOf,
  queueFaults,
  resetFake,
  resetImages,
  storedImages,
} from './support/ai';
import { expectOnlyCallsCounted } from './support/budget';
import { snapshotDatabase } from './support/database';
import { resetEmulators } from './support/emulators';

type Client = Awaited<ReturnType<typeof author>>;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** A course with `count` subjects made by hand; returns their ids. */
async function courseWithSubjects(client: Client, count: number) {
  const course = (await client.post('/create-manual', { name: 'Astronomy' })).body.id as string;
  const subjects: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    const created = await client.post(`/${course}/subjects`, { name: `Planet ${index}` });
    subjects.push(created.body.id as string);
  }
  return { course, subjects };
}

describe('image routes (fake Gemini)', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetImages();
    await resetFake();
  });

  it('draws a course cover, stores it in the owner’s folder and saves a cache-busted URL', async () => {
    const client = await author('painter@example.com');
    const { course } = await courseWithSubjects(client, 0);
    const drawn = await client.images(`/${course}/generate`);
    expect(drawn.status).toBe(200);
    expect(drawn.body.image_url).toMatch(/[?&]t=\d+$/);
    expect((await client.get(`/${course}`)).body.image_url).toBe(drawn.body.image_url);
    const served = await fetchImage(drawn.body.image_url as string);
    expect(served.status).toBe(200);
    expect(served.type).toContain('image/png');
    expect(served.bytes.subarray(0, 4).equals(PNG_SIGNATURE)).toBe(true);
    const stored = await storedImages();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(
      new RegExp(`^users/${client.uid}/courses/${course}/cover/\\d+\\.png$`),
    );
    expect(promptOf((await geminiRequests())[0])).toContain('"Astronomy"');

    // Drawing again replaces the cover: a new URL, and the old file is gone.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const redrawn = await client.images(`/${course}/generate`);
    expect(redrawn.body.image_url).not.toBe(drawn.body.image_url);
    expect(await storedImages()).toHaveLength(1);
  });

  it('draws one subject’s cover, then every subject’s with per-subject results', async () => {
    const client = await author('muralist@example.com');
    const { course, subjects } = await courseWithSubjects(client, 4);
    const one = await client.images(`/${course}/subjects/${subjects[0]}/generate`);
    expect(one.status).toBe(200);
    expect(one.body.image_url).toMatch(/[?&]t=\d+$/);

    const all = await client.images(`/${course}/subjects/generate-all`);
    expect(all.status).toBe(200);
    expect(all.body.failed).toBeUndefined();
    const results = all.body.results as { id: string; image_url: string }[];
    expect(results.map((result) => result.id).sort()).toEqual([...subjects].sort());
    const listed = (await client.get(`/${course}/subjects`)).body as {
      id: string;
      image_url: string;
    }[];
    for (const subject of listed) {
      expect(subject.image_url).toBe(results.find((result) => result.id === subject.id)?.image_url);
    }
    expect(await storedImages()).toHaveLength(4);
    const prompts = (await geminiRequests()).map(promptOf);
    expect(prompts.filter((prompt) => prompt?.includes('"Planet 2"'))).toHaveLength(1);
  });

  it('reports a subject whose cover failed and keeps the others', async () => {
    const client = await author('partial@example.com');
    const { course } = await courseWithSubjects(client, 3);
    await queueFaults({ status: 500, match: 'image' });
    const all = await client.images(`/${course}/subjects/generate-all`);
    expect(all.status).toBe(200);
    expect(all.body.results).toHaveLength(2);
    expect(all.body.failed).toEqual([{ id: expect.any(String), error: AI_MESSAGES.unavailable }]);
    expect(await storedImages()).toHaveLength(2);
  });

  it('every failure leaves Firestore and Storage as they were', async () => {
    const client = await author('unlucky-painter@example.com');
    const { course, subjects } = await courseWithSubjects(client, 2);
    await client.images(`/${course}/generate`);
    const before = [await snapshotDatabase(), await storedImages()];
    await resetFake();

    await queueFaults({ status: 400 });
    const rejected = await client.images(`/${course}/generate`);
    expect([rejected.status, rejected.body.error]).toEqual([400, AI_MESSAGES.keyRejected]);
    await queueFaults({ malformed: true });
    const malformed = await client.images(`/${course}/subjects/${subjects[0]}/generate`);
    expect([malformed.status, malformed.body.error]).toEqual([502, AI_MESSAGES.invalidAnswer]);
    await queueFaults({ status: 429 }, { status: 429 });
    const bulk = await client.images(`/${course}/subjects/generate-all`);
    expect([bulk.status, bulk.body.error]).toEqual([429, AI_MESSAGES.quotaExhausted]);

    // Every call reached Gemini, so each one counts against the daily budget.
    expect(await expectOnlyCallsCounted(before[0] as string[])).toBe(4);
    expect(await storedImages()).toEqual(before[1]);
  });

  it('refuses a drawn GIF or SVG (even one labelled PNG) and stores nothing', async () => {
    const client = await author('gif-painter@example.com');
    const { course, subjects } = await courseWithSubjects(client, 1);
    const before = [await snapshotDatabase(), await storedImages()];
    for (const image of ['gif', 'svg', 'mislabelled']) {
      await queueFaults({ image, match: 'image' });
      const refused = await client.images(`/${course}/generate`);
      expect([image, refused.status, refused.body.error]).toEqual([
        image,
        502,
        AI_MESSAGES.invalidAnswer,
      ]);
    }
    await queueFaults({ image: 'svg', match: 'image' });
    const subject = await client.images(`/${course}/subjects/${subjects[0]}/generate`);
    expect([subject.status, subject.body.error]).toEqual([502, AI_MESSAGES.invalidAnswer]);
    expect(await expectOnlyCallsCounted(before[0] as string[])).toBe(4);
    expect(await storedImages()).toEqual(before[1]);
  });

  it('needs a key, and only the owner may draw', async () => {
    const keyless = await author('keyless-painter@example.com', { withKey: false });
    const { course: own } = await courseWithSubjects(keyless, 1);
    const refused = await keyless.images(`/${own}/generate`);
    expect([refused.status, refused.body.error]).toEqual([403, AI_MESSAGES.noApiKey]);

    const owner = await author('owner-painter@example.com');
    const { course, subjects } = await courseWithSubjects(owner, 1);
    const intruder = await author('intruder-painter@example.com');
    for (const path of [
      `/${course}/generate`,
      `/${course}/subjects/${subjects[0]}/generate`,
      `/${course}/subjects/generate-all`,
    ]) {
      expect((await intruder.images(path)).status).toBe(404);
    }
    expect(await geminiRequests()).toHaveLength(0);
  });

  it('deleting or regenerating leaves no image behind', async () => {
    const client = await author('tidy@example.com');
    const { course, subjects } = await courseWithSubjects(client, 3);
    await client.images(`/${course}/generate`);
    await client.images(`/${course}/subjects/generate-all`);
    expect(await storedImages()).toHaveLength(4);

    expect((await client.delete(`/${course}/subjects/${subjects[0]}`)).status).toBe(204);
    expect(await storedImages()).toHaveLength(3);
    expect((await client.post(`/${course}/generate_subjects`)).status).toBe(200);
    const remaining = await storedImages();
    expect(remaining).toEqual([expect.stringMatching(new RegExp(`courses/${course}/cover/`))]);
    expect((await client.delete(`/${course}`)).status).toBe(204);
    expect(await storedImages()).toEqual([]);
  });
});
