import {
  courseInputSchema,
  courseSettingsSchema,
  newCourseInputSchema,
} from '@coursecraft/contracts';
import { Router, type Request, type Response } from 'express';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { uidOf } from '../../middleware/request-caller';
import type { CoursesService } from './courses-service';
import { coursePathOf } from '../outline';

/**
 * `/courses` and `/courses/{c}`: the caller's courses, all signed in. Unknown or foreign ids are
 * both 404; a body is validated only once its path passed that check. What lies below a course
 * is served by the outline module's routes.
 */
export function coursesRoutes(courses: CoursesService, { signedIn }: Guards): Router {
  const router = Router();

  const listCourses = async (_req: Request, res: Response) => {
    res.json(await courses.listCourses(uidOf(res)));
  };
  router.get('/courses', signedIn, listCourses);
  router.get('/courses/my-courses', signedIn, listCourses);

  router.post('/courses/create-manual', signedIn, async (req, res) => {
    const input = validate(newCourseInputSchema, req.body);
    res.status(201).json(await courses.createCourse(uidOf(res), input));
  });

  const course = '/courses/:courseId';
  router.get(course, signedIn, async (req, res) => {
    res.json(await courses.getCourse(uidOf(res), coursePathOf(req.params)));
  });
  router.put(course, signedIn, async (req, res) => {
    const path = coursePathOf(req.params);
    const readBody = () => validate(courseInputSchema, req.body);
    res.json(await courses.updateCourse(uidOf(res), path, readBody));
  });
  router.delete(course, signedIn, async (req, res) => {
    await courses.deleteCourse(uidOf(res), coursePathOf(req.params));
    res.status(204).end();
  });
  router.put(`${course}/settings`, signedIn, async (req, res) => {
    const path = coursePathOf(req.params);
    const readBody = () => validate(courseSettingsSchema, req.body);
    res.json(await courses.updateCourseSettings(uidOf(res), path, readBody));
  });

  return router;
}
