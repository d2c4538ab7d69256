import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { app, author, geminiRequests, promptOf, resetFake } from './support/ai';
import { snapshotDatabase } from './support/database';
import { resetEmulators } from './support/emulators';

/**
 * Regenerate with instructions: the instruction reaches Gemini together with the current version
 * (the list's items, or the lesson), so it changes what was asked instead of starting over.
 * Without a body a regeneration starts over as before; a bad instruction changes nothing.
 */
type Client = Awaited<ReturnType<typeof author>>;

async function created(client: Client, path: string, body: object): Promise<string> {
  const response = await client.post(path, body);
  expect(response.status, `POST ${path}`).toBe(201);
  return response.body.id as string;
}

const lastPrompt = async () => promptOf((await geminiRequests()).at(-1)) ?? '';
const CHANGE = 'The author wants this changed';

describe('regenerate with instructions', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetFake();
  });

  async function tree(client: Client) {
    const course = await created(client, '/create-manual', { name: 'Cooking science' });
    const subject = await created(client, `/${course}/subjects`, {
      name: 'Heat',
      description: 'How heat moves through food',
    });
    const subjectPath = `/${course}/subjects/${subject}`;
    const chapter = await created(client, `${subjectPath}/chapters`, { name: 'Conduction' });
    const chapterPath = `${subjectPath}/chapters/${chapter}`;
    const topic = await created(client, `${chapterPath}/topics`, { name: 'Pans and metals' });
    const topicPath = `${chapterPath}/topics/${topic}`;
    await created(client, `${topicPath}/content`, {
      content: '## Pans and metals\n\nCopper spreads heat quickly; steel holds it.',
    });
    return { course, subjectPath, chapterPath, topicPath };
  }

  it('sends the instruction with the current subjects, chapters, topics and lesson', async () => {
    const ada = await author('ada-instructions@example.com');
    const { course, subjectPath, chapterPath, topicPath } = await tree(ada);

    await ada
      .post(`${topicPath}/generate_content`, {
        instructions: 'Explain it with a cooking analogy',
      })
      .expect(200);
    let prompt = await lastPrompt();
    expect(prompt).toContain(`${CHANGE}: "Explain it with a cooking analogy"`);
    expect(prompt).toContain('Copper spreads heat quickly; steel holds it.');

    await ada.post(`${chapterPath}/generate_topics`, { instructions: 'Fewer topics' }).expect(200);
    prompt = await lastPrompt();
    expect(prompt).toContain(`${CHANGE}: "Fewer topics"`);
    expect(prompt).toContain('- "Pans and metals"');

    await ada
      .post(`${subjectPath}/generate_chapters`, { instructions: 'More practice' })
      .expect(200);
    prompt = await lastPrompt();
    expect(prompt).toContain(`${CHANGE}: "More practice"`);
    expect(prompt).toContain('- "Conduction"');

    await ada.post(`/${course}/generate_subjects`, { instructions: 'Add food safety' }).expect(200);
    prompt = await lastPrompt();
    expect(prompt).toContain(`${CHANGE}: "Add food safety"`);
    expect(prompt).toContain('- "Heat": How heat moves through food');
  });

  it('starts over without instructions, as before', async () => {
    const ada = await author('ada-over@example.com');
    const { chapterPath } = await tree(ada);
    await ada.post(`${chapterPath}/generate_topics`).expect(200);
    expect(await lastPrompt()).not.toContain(CHANGE);
  });

  it('refuses a blank, overlong or non-text instruction, or a body that is not JSON, changing nothing', async () => {
    const ada = await author('ada-refused@example.com');
    const { chapterPath } = await tree(ada);
    const before = await snapshotDatabase();
    const requestsBefore = (await geminiRequests()).length;
    for (const instructions of ['   ', 'x'.repeat(1001), 42, ['more']]) {
      const response = await ada.post(`${chapterPath}/generate_topics`, { instructions });
      expect(response.status, JSON.stringify(instructions).slice(0, 40)).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
    const asText = await request(app)
      .post(`/api/courses${chapterPath}/generate_topics`)
      .set(ada.auth)
      .set('content-type', 'text/plain')
      .send('fewer topics');
    expect(asText.status, JSON.stringify(asText.body).slice(0, 300)).toBe(415);
    expect(await snapshotDatabase()).toEqual(before);
    expect((await geminiRequests()).length).toBe(requestsBefore);
  });

  it('reads the instruction only after the ownership check: another author gets 404', async () => {
    const ada = await author('ada-owner@example.com');
    const eve = await author('eve-other@example.com');
    const { chapterPath } = await tree(ada);
    const response = await eve.post(`${chapterPath}/generate_topics`, { instructions: '' });
    expect(response.status).toBe(404);
  });
});
