import type { OutlinePath } from '../../lib/firestore/paths';
import type { NodeLevel } from './outline-types';

/** A course, subject, chapter or topic being deleted, with everything below it. */
export interface DeletedNode {
  level: NodeLevel;
  /** The node's path: its documents below it are deleted with it. */
  path: OutlinePath;
  /** The course's owner. */
  uid: string;
}

/**
 * What another module does when a node of the course tree is deleted (by its delete route, by a
 * regeneration that replaces it, or by an import rolled back), so data it keeps about the node
 * goes with it. `deleteNode` deletes the tree's documents; the handler calls it exactly once and
 * does its own work before it (throwing there refuses the deletion: nothing is deleted and a
 * retry finds the node still there), after it, or around it (holding a lease so that nothing
 * about the node is written meanwhile).
 */
export type NodeDeletionHandler = (
  node: DeletedNode,
  deleteNode: () => Promise<void>,
) => Promise<void>;

/** The port: modules register handlers at wiring time; every cascade runs them all. */
export interface NodeDeletions {
  onDeleted(handler: NodeDeletionHandler): void;
  /** Deletes `node` through every handler, in the order they were registered. */
  run(node: DeletedNode, deleteDocuments: () => Promise<void>): Promise<void>;
}

export function nodeDeletions(handlers: readonly NodeDeletionHandler[] = []): NodeDeletions {
  const registered = [...handlers];
  return {
    onDeleted(handler) {
      registered.push(handler);
    },

    async run(node, deleteDocuments) {
      let deleted = false;
      const last = async () => {
        await deleteDocuments();
        deleted = true;
      };
      const chain = registered.reduceRight<() => Promise<void>>((next, handler) => {
        let called = false;
        const deleteNode = async () => {
          if (called) throw new Error(`A deletion handler deleted the ${node.level} twice.`);
          called = true;
          await next();
        };
        return () => handler(node, deleteNode);
      }, last);
      await chain();
      if (!deleted) throw new Error(`A deletion handler left the ${node.level} undeleted.`);
    },
  };
}
