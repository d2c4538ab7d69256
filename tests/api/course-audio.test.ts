import {
  COURSE_AUDIO_MAX_BYTES,
  COURSE_AUDIO_MISSING,
  COURSE_AUDIO_TOO_LARGE,
} from '@coursecraft/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { NOT_A_WAV_FILE } from '../../functions/src/modules/generation/audio-upload';
import { AI_MESSAGES } from '../../functions/src/lib/gemini/gemini-client';
import { USER_KEY, author, geminiRequests, queueFaults, resetFake, toneWav } from './support/ai';
import { expectOnlyCallsCounted } from './support/budget';
import { snapshotDatabase } from './support/database';
import { resetEmulators } from './support/emulators';

describe('POST /api/courses/add_course_audio (fake Gemini)', () => {
  beforeEach(async () => {
    await resetEmulators();
    await resetFake();
  });

  it('creates the course Gemini hears in the uploaded WAV recording', async () => {
    const client = await author('speaker@example.com');
    const recording = toneWav(1.5);
    const created = await client.upload(recording);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: expect.stringContaining('Spoken Course') });
    expect(created.body.description).not.toBe('');
    const [sent] = await geminiRequests();
    expect(sent?.apiKey).toBe(USER_KEY);
    const audio = sent?.body.contents
      .flatMap((content) => content.parts)
      .find((part) => part.inlineData)?.inlineData;
    expect(audio?.mimeType).toBe('audio/wav');
    expect(Buffer.from(audio?.data ?? '', 'base64').equals(recording)).toBe(true);
    expect((await client.get('/my-courses')).body).toEqual([created.body]);
  });

  it('refuses a missing, misnamed or non-WAV recording without asking Gemini', async () => {
    const client = await author('mumbler@example.com');
    const before = await snapshotDatabase();
    const wrongField = await client.upload(toneWav(0.5), { field: 'file' });
    expect([wrongField.status, wrongField.body.error]).toEqual([400, COURSE_AUDIO_MISSING]);
    const notMultipart = await client.post('/add_course_audio', { audio: 'x' });
    expect([notMultipart.status, notMultipart.body.error]).toEqual([400, COURSE_AUDIO_MISSING]);
    const notWav = await client.upload(Buffer.from('ID3 this is an mp3, honestly'.repeat(4)));
    expect([notWav.status, notWav.body.error]).toEqual([400, NOT_A_WAV_FILE]);
    expect(await geminiRequests()).toHaveLength(0);
    expect(await snapshotDatabase()).toEqual(before);
  });

  it('refuses a recording over the size limit', async () => {
    const client = await author('rambler@example.com');
    const tooLong = Buffer.concat([toneWav(1), Buffer.alloc(COURSE_AUDIO_MAX_BYTES)]);
    const refused = await client.upload(tooLong);
    expect([refused.status, refused.body.error]).toEqual([413, COURSE_AUDIO_TOO_LARGE]);
    expect(await geminiRequests()).toHaveLength(0);
  });

  it('needs a saved key, and a Gemini fault creates nothing', async () => {
    const keyless = await author('keyless-speaker@example.com', { withKey: false });
    const refused = await keyless.upload(toneWav(0.5));
    expect([refused.status, refused.body.error]).toEqual([403, AI_MESSAGES.noApiKey]);

    const client = await author('unlucky-speaker@example.com');
    const before = await snapshotDatabase();
    await queueFaults({ status: 429 });
    const failed = await client.upload(toneWav(0.5));
    expect([failed.status, failed.body.error]).toEqual([429, AI_MESSAGES.quotaExhausted]);
    expect(await expectOnlyCallsCounted(before)).toBe(1);
  });
});
