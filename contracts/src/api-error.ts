import * as z from 'zod';

/** Body of every non-2xx API response. */
export const apiErrorSchema = z.object({ error: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;
