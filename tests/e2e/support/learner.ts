import type { QuestionInput } from '@coursecraft/contracts';
import { expect, type APIRequestContext } from '@playwright/test';
import { idTokenFor, uniqueEmail } from './accounts';
import { RICH_LESSON } from './lesson';

/** The published course's three topics: a rich lesson (math, a table, a diagram), then two. */
export const LEARNER_TOPICS = [
  { name: 'Pythagoras', content: RICH_LESSON },
  { name: 'Angles', content: '## Angles\n\nThe angles of a triangle add up to $180^\\circ$.' },
  { name: 'Area', content: '## Area\n\nHalf the base times the height.' },
] as const;

export interface PublishedCourse {
  slug: string;
  courseId: string;
  topicIds: string[];
  author: { email: string; password: string; token: string };
}

/**
 * An author registered through the API, their course "Triangles for Learners" with one subject,
 * one chapter and LEARNER_TOPICS (the first with `questions`), published.
 */
export async function publishedCourse(
  request: APIRequestContext,
  prefix: string,
  { questions = [] }: { questions?: readonly QuestionInput[] } = {},
): Promise<PublishedCourse> {
  const email = uniqueEmail(prefix);
  const password = `${prefix}-password-1`;
  const registered = await request.post('/api/auth/register', {
    data: { email, password, first_name: 'Pat', last_name: 'Publisher' },
  });
  expect(registered.status(), 'POST /auth/register').toBe(201);
  const token = await idTokenFor(email, password);
  const headers = { authorization: `Bearer ${token}` };
  const post = async (path: string, data: object) => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.status(), `POST ${path}`).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const courseId = await post('/courses/create-manual', {
    name: 'Triangles for Learners',
    description: 'Sides, angles and area of a triangle.',
  });
  const subject = await post(`/courses/${courseId}/subjects`, { name: 'Basics' });
  const chapter = await post(`/courses/${courseId}/subjects/${subject}/chapters`, {
    name: 'Shapes',
  });
  const topicsPath = `/courses/${courseId}/subjects/${subject}/chapters/${chapter}/topics`;
  const topicIds: string[] = [];
  for (const { name, content } of LEARNER_TOPICS) {
    const topic = await post(topicsPath, { name });
    await post(`${topicsPath}/${topic}/content`, { content });
    topicIds.push(topic);
  }
  for (const question of questions) await post(`${topicsPath}/${topicIds[0]}/questions`, question);
  const published = await request.post(`/api/courses/${courseId}/publish`, { headers });
  expect(published.status(), 'POST publish').toBeLessThan(300);
  const { slug } = (await published.json()) as { slug: string };
  return { slug, courseId, topicIds, author: { email, password, token } };
}
