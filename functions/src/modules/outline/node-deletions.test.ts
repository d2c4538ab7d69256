import { describe, expect, it } from 'vitest';
import { nodeDeletions, type DeletedNode, type NodeDeletionHandler } from './node-deletions';

const topic: DeletedNode = {
  level: 'topic',
  path: { courseId: 'c', subjectId: 's', chapterId: 'h', topicId: 't' },
  uid: 'u',
};

describe('the deletion port', () => {
  it('runs every handler around the deletion, in the order they were registered', async () => {
    const steps: string[] = [];
    const around =
      (name: string): NodeDeletionHandler =>
      async (node, deleteNode) => {
        steps.push(`${name} before ${node.level}`);
        await deleteNode();
        steps.push(`${name} after`);
      };
    const deletions = nodeDeletions([around('first')]);
    deletions.onDeleted(around('second'));
    await deletions.run(topic, async () => {
      steps.push('documents deleted');
    });
    expect(steps).toEqual([
      'first before topic',
      'second before topic',
      'documents deleted',
      'second after',
      'first after',
    ]);
  });

  it('deletes the documents when no handler is registered', async () => {
    let deleted = 0;
    await nodeDeletions().run(topic, async () => {
      deleted += 1;
    });
    expect(deleted).toBe(1);
  });

  it('deletes nothing when a handler refuses before the deletion', async () => {
    let deleted = false;
    const deletions = nodeDeletions([
      async () => {
        throw new Error('refused');
      },
    ]);
    await expect(
      deletions.run(topic, async () => {
        deleted = true;
      }),
    ).rejects.toThrow('refused');
    expect(deleted).toBe(false);
  });

  it('fails when a handler never deletes the node, or deletes it twice', async () => {
    const skipping = nodeDeletions([async () => undefined]);
    await expect(skipping.run(topic, async () => undefined)).rejects.toThrow(
      'A deletion handler left the topic undeleted.',
    );
    const twice = nodeDeletions([
      async (_node, deleteNode) => {
        await deleteNode();
        await deleteNode();
      },
    ]);
    await expect(twice.run(topic, async () => undefined)).rejects.toThrow(
      'A deletion handler deleted the topic twice.',
    );
  });
});
