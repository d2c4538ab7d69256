/** The payload of an `extractSource` task: which file of which source to read, never the file. */
export interface ExtractSourceTask {
  courseId: string;
  sourceId: string;
  generation: number;
}

/** How many times a read that fails unexpectedly is tried before the source shows it failed. */
export const EXTRACT_SOURCE_TRIES = 3;

/** The task's name: one task per file of a source, so queueing it twice queues it once. */
export const extractTaskId = ({ courseId, sourceId, generation }: ExtractSourceTask): string =>
  `source-${courseId}-${sourceId}-g${generation}`;
