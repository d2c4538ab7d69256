import { learnerCourseSchema } from '@coursecraft/contracts';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { app, author, geminiRequests, promptOf, resetFake, resetImages } from './support/ai';
import { resetEmulators } from './support/emulators';

/**
 * The order an author sets is the order everywhere: the lists the API answers, the sibling lists
 * AI prompts name, and what learners get at the next publish.
 */
type Client = Awaited<ReturnType<typeof author>>;

async function created(client: Client, path: string, name: string): Promise<string> {
  const response = await client.post(path, { name });
  expect(response.status, `POST ${path}`).toBe(201);
  return response.body.id as string;
}

const put = (client: Client, path: string, body: object) =>
  request(app).put(`/api/courses${path}`).set(client.auth).send(body);

/** Where each of `names` first shows in `prompt` (names not in it are left out). */
const listed = (prompt: string, names: string[]) =>
  names.map((name) => prompt.indexOf(name)).filter((at) => at >= 0);

describe('the order everywhere', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetImages();
    await resetFake();
  });

  it('AI prompts name sibling subjects and chapters in the order the author set', async () => {
    const ada = await author('ada-order@example.com');
    const course = await created(ada, '/create-manual', 'Astronomy');
    const [moon, sun, stars] = [
      await created(ada, `/${course}/subjects`, 'Moonlight'),
      await created(ada, `/${course}/subjects`, 'Sunshine'),
      await created(ada, `/${course}/subjects`, 'Starfield'),
    ];
    expect((await put(ada, `/${course}/subjects/order`, { ids: [stars, moon, sun] })).status).toBe(
      200,
    );
    expect((await ada.post(`/${course}/subjects/${moon}/generate_chapters`)).status).toBe(200);
    const chaptersPrompt = promptOf((await geminiRequests()).at(-1)) ?? '';
    const [starsAt, sunAt] = listed(chaptersPrompt, ['Starfield', 'Sunshine']);
    expect(starsAt, chaptersPrompt).toBeLessThan(sunAt ?? -1);

    const subject = `/${course}/subjects/${sun}`;
    const [dawn, noon, dusk] = [
      await created(ada, `${subject}/chapters`, 'Dawnlight'),
      await created(ada, `${subject}/chapters`, 'Noonglare'),
      await created(ada, `${subject}/chapters`, 'Duskglow'),
    ];
    await put(ada, `${subject}/chapters/order`, { ids: [dusk, dawn, noon] }).expect(200);
    expect((await ada.post(`${subject}/chapters/${noon}/generate_topics`)).status).toBe(200);
    const topicsPrompt = promptOf((await geminiRequests()).at(-1)) ?? '';
    const [duskAt, dawnAt] = listed(topicsPrompt, ['Duskglow', 'Dawnlight']);
    expect(duskAt, topicsPrompt).toBeLessThan(dawnAt ?? -1);
  });

  it('learners get the new order, and a moved topic in its new chapter, at the next publish', async () => {
    const ada = await author('ada-publish@example.com', { withKey: false });
    const course = await created(ada, '/create-manual', 'Tides');
    const [first, second] = [
      await created(ada, `/${course}/subjects`, 'Moon'),
      await created(ada, `/${course}/subjects`, 'Sun'),
    ];
    const subject = `/${course}/subjects/${first}`;
    const [orbits, gravity] = [
      await created(ada, `${subject}/chapters`, 'Orbits'),
      await created(ada, `${subject}/chapters`, 'Gravity'),
    ];
    const topics = `${subject}/chapters/${orbits}/topics`;
    const [periods, phases, nodes] = [
      await created(ada, topics, 'Periods'),
      await created(ada, topics, 'Phases'),
      await created(ada, topics, 'Nodes'),
    ];
    const publish = () => request(app).post(`/api/courses/${course}/publish`).set(ada.auth);
    const published = await publish().expect(200);
    const learnerOutline = async () =>
      learnerCourseSchema.parse(
        (
          await request(app)
            .get(`/api/learn/${published.body.slug as string}`)
            .expect(200)
        ).body,
      );
    const names = (outline: Awaited<ReturnType<typeof learnerOutline>>) =>
      outline.subjects.map((s) => [
        s.name,
        s.chapters.map((c) => [c.name, c.topics.map((t) => t.name)]),
      ]);

    await put(ada, `/${course}/subjects/order`, { ids: [second, first] }).expect(200);
    await put(ada, `${subject}/chapters/order`, { ids: [gravity, orbits] }).expect(200);
    await put(ada, `${topics}/order`, { ids: [nodes, periods, phases] }).expect(200);
    await ada.post(`${topics}/${periods}/move`, { chapter_id: gravity, index: 0 }).expect(200);
    // Until the author publishes again, learners keep the order they had.
    expect(names(await learnerOutline())).toEqual([
      [
        'Moon',
        [
          ['Orbits', ['Periods', 'Phases', 'Nodes']],
          ['Gravity', []],
        ],
      ],
      ['Sun', []],
    ]);

    await publish().expect(200);
    expect(names(await learnerOutline())).toEqual([
      ['Sun', []],
      [
        'Moon',
        [
          ['Gravity', ['Periods']],
          ['Orbits', ['Nodes', 'Phases']],
        ],
      ],
    ]);
  });
});
