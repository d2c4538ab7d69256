import * as z from 'zod';
import { paths } from '../../config/paths';
import type { SourceRefusal } from './source-file-check';

/** The subjects screen with the sources panel open. */
export const sourcesPanelPath = (courseId: string) => `${paths.subjects(courseId)}?sources=open`;

const panelStateSchema = z.object({
  sourceRefusals: z.array(z.object({ name: z.string(), message: z.string() })),
});

/** What the panel is handed when it opens after Create from documents: the files refused. */
export const sourcesPanelState = (refusals: SourceRefusal[]): z.infer<typeof panelStateSchema> => ({
  sourceRefusals: refusals,
});

/** The refusals handed through the navigation's state, if any. */
export function sourcesPanelRefusals(state: unknown): SourceRefusal[] {
  const parsed = panelStateSchema.safeParse(state);
  return parsed.success ? parsed.data.sourceRefusals : [];
}
