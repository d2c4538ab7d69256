import * as z from 'zod';

/** A drawing's key: the lowercase hex SHA-256 of its diagram's trimmed source. */
export const diagramKeySchema = z.string().regex(/^[0-9a-f]{64}$/, 'Not a diagram key');

/**
 * Longest SVG markup of one colour variant. With both variants of a drawing it stays under the
 * API's JSON body limit, so every drawing fits some request.
 */
export const DIAGRAM_SVG_MAX_LENGTH = 200_000;

/** Most drawings one upload may carry. */
export const DIAGRAMS_PER_REQUEST_MAX = 50;

/**
 * Most bytes the browser puts in one upload's JSON body: a lesson whose drawings are larger is
 * sent in several requests, each under the API's body limit.
 */
export const DIAGRAM_UPLOAD_MAX_BYTES = 480 * 1024;

export const diagramDrawingInputSchema = z.strictObject({
  key: diagramKeySchema,
  light: z.string().min(1).max(DIAGRAM_SVG_MAX_LENGTH),
  dark: z.string().min(1).max(DIAGRAM_SVG_MAX_LENGTH),
});
export type DiagramDrawingInput = z.infer<typeof diagramDrawingInputSchema>;

/**
 * `PUT /api/courses/{c}/subjects/{s}/chapters/{ch}/topics/{t}/diagrams`: drawings of diagrams of
 * that topic's current lesson, light and dark, each stored under its key.
 */
export const diagramUploadSchema = z.strictObject({
  drawings: z.array(diagramDrawingInputSchema).min(1).max(DIAGRAMS_PER_REQUEST_MAX),
});
export type DiagramUpload = z.infer<typeof diagramUploadSchema>;

/** `GET /api/courses/{c}/diagrams`, and the answer of an upload: the keys stored for the course. */
export const diagramKeysSchema = z.object({ keys: z.array(z.string()) });
export type DiagramKeys = z.infer<typeof diagramKeysSchema>;

export const DIAGRAM_MESSAGES = {
  notInLesson:
    'A drawing names a diagram that is not in this lesson. Publish again to draw the lesson as it is now.',
  notSvg: 'A drawing is not an SVG image.',
} as const;
