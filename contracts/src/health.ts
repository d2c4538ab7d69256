import * as z from 'zod';

/** `GET /api/health`: whether the API and its Firestore round trip work, and which build runs. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  firestore: z.enum(['ok', 'error']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
