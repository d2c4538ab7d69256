import type request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../functions/src/app';
import type { DeletedNode, NodeDeletionHandler } from '../../functions/src/modules/outline';
import { author, resetFake, resetImages } from './support/ai';
import { orphanedDocuments } from './support/database';
import { resetEmulators } from './support/emulators';

/** The deletions the handler registered by this test saw, in order. */
const seen: DeletedNode[] = [];
const recording: NodeDeletionHandler = async (node, deleteNode) => {
  seen.push(node);
  await deleteNode();
};
const api = createApp({ nodeDeletionHandlers: [recording] });

type Client = Awaited<ReturnType<typeof author>>;
const idOf = (response: request.Response) => response.body.id as string;
const idsOf = (response: request.Response) => (response.body as { id: string }[]).map((x) => x.id);

/** Course → subject → chapter → two topics, one with a lesson. */
async function outline(client: Client) {
  const courseId = idOf(await client.post('/create-manual', { name: 'Tides' }));
  const subjectId = idOf(await client.post(`/${courseId}/subjects`, { name: 'Moon' }));
  const s = `/${courseId}/subjects/${subjectId}`;
  const chapterId = idOf(await client.post(`${s}/chapters`, { name: 'Orbits' }));
  const ch = `${s}/chapters/${chapterId}`;
  const topicId = idOf(await client.post(`${ch}/topics`, { name: 'Intro' }));
  const otherTopicId = idOf(await client.post(`${ch}/topics`, { name: 'Pull' }));
  await client.post(`${ch}/topics/${topicId}/content`, { content: '## Intro' }).expect(201);
  return { courseId, subjectId, chapterId, topicId, otherTopicId };
}

describe("the outline's deletion port", () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetImages();
    await resetFake();
    seen.length = 0;
  });

  it('calls a registered handler once for each delete of a topic, chapter, subject and course', async () => {
    const client = await author('ada@example.com', { api });
    const { uid } = client;
    const { courseId, subjectId, chapterId, topicId } = await outline(client);
    const s = `/${courseId}/subjects/${subjectId}`;
    const ch = `${s}/chapters/${chapterId}`;

    // A lesson is not a node: deleting one alone tells no handler.
    expect((await client.delete(`${ch}/topics/${topicId}/content`)).ok).toBe(true);
    expect(seen).toEqual([]);

    expect((await client.delete(`${ch}/topics/${topicId}`)).ok).toBe(true);
    expect((await client.delete(ch)).ok).toBe(true);
    // The course keeps a subject, deleted with it but not told apart: one call per deletion.
    await client.post(`/${courseId}/subjects`, { name: 'Sun' }).expect(201);
    expect((await client.delete(s)).ok).toBe(true);
    expect((await client.delete(`/${courseId}`)).ok).toBe(true);

    expect(seen).toEqual([
      { level: 'topic', path: { courseId, subjectId, chapterId, topicId }, uid },
      { level: 'chapter', path: { courseId, subjectId, chapterId }, uid },
      { level: 'subject', path: { courseId, subjectId }, uid },
      { level: 'course', path: { courseId }, uid },
    ]);
    expect(await orphanedDocuments()).toEqual([]);
  });

  it('calls it for every subject, chapter and topic a regeneration replaces', async () => {
    const client = await author('ada@example.com', { api });
    const { uid } = client;
    const { courseId, subjectId, chapterId, topicId, otherTopicId } = await outline(client);
    const s = `/${courseId}/subjects/${subjectId}`;
    const ch = `${s}/chapters/${chapterId}`;

    const topics = await client.post(`${ch}/generate_topics`).expect(200);
    expect(seen).toEqual(
      [topicId, otherTopicId].map((id) => ({
        level: 'topic',
        path: { courseId, subjectId, chapterId, topicId: id },
        uid,
      })),
    );
    expect(idsOf(topics)).not.toContain(topicId);

    seen.length = 0;
    await client.post(`${s}/generate_chapters`).expect(200);
    expect(seen).toEqual([{ level: 'chapter', path: { courseId, subjectId, chapterId }, uid }]);

    seen.length = 0;
    const subjects = idsOf(await client.post(`/${courseId}/generate_subjects`).expect(200));
    expect(seen).toEqual([{ level: 'subject', path: { courseId, subjectId }, uid }]);

    seen.length = 0;
    await client.post(`/${courseId}/generate_subjects`).expect(200);
    expect(seen.map((node) => [node.level, node.path.subjectId])).toEqual(
      subjects.map((id) => ['subject', id]),
    );
    expect(await orphanedDocuments()).toEqual([]);
  });

  it('keeps the node when a handler refuses its deletion, so a retry finds it', async () => {
    const refusing: NodeDeletionHandler = async (node, deleteNode) => {
      if (node.level === 'chapter') throw new Error('Clean-up unavailable');
      await deleteNode();
    };
    const strict = createApp({ nodeDeletionHandlers: [refusing] });
    const client = await author('ada@example.com', { api: strict });
    const { courseId, subjectId, chapterId } = await outline(client);
    const ch = `/${courseId}/subjects/${subjectId}/chapters/${chapterId}`;

    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = await client.delete(ch);
    log.mockRestore();
    expect(refused.status).toBe(500);
    expect((await client.get(`${ch}/topics`)).body).toHaveLength(2);
    expect(await orphanedDocuments()).toEqual([]);
  });
});
