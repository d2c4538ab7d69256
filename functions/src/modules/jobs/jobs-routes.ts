import { generateAllInputSchema } from '@coursecraft/contracts';
import { Router } from 'express';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import { coursePathOf } from '../outline';
import type { JobsService } from './jobs-service';

/** The job id of the path, as sent; the service checks its shape after ownership. */
const jobIdOf = (params: { jobId?: unknown }): string =>
  typeof params.jobId === 'string' ? params.jobId : '';

/**
 * Whole-course generation jobs, signed in and owner only; only a start reads a body (optional:
 * `include_questions`), after the ownership check.
 */
export function jobsRoutes(jobs: JobsService, { signedIn, limit }: Guards): Router {
  const router = Router();
  const job = '/courses/:courseId/jobs/:jobId';

  router.post('/courses/:courseId/generate_all', signedIn, limit('ai'), async (req, res) => {
    const readBody = () => validate(generateAllInputSchema, req.body ?? {});
    res.status(202).json(await jobs.start(uidOf(res), coursePathOf(req.params), readBody));
  });
  router.get('/courses/:courseId/jobs', signedIn, async (req, res) => {
    res.json(await jobs.latest(uidOf(res), coursePathOf(req.params)));
  });
  router.get(job, signedIn, async (req, res) => {
    res.json(await jobs.get(uidOf(res), coursePathOf(req.params), jobIdOf(req.params)));
  });
  router.delete(job, signedIn, async (req, res) => {
    await jobs.stop(uidOf(res), coursePathOf(req.params), jobIdOf(req.params));
    res.status(204).end();
  });
  router.post(`${job}/retry`, signedIn, limit('ai'), async (req, res) => {
    const path = coursePathOf(req.params);
    res.status(202).json(await jobs.retryFailed(uidOf(res), path, jobIdOf(req.params)));
  });

  return router;
}
