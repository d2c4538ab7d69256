import { QUOTE_REQUIRED, QUOTE_MAX_LENGTH } from '@coursecraft/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { TESTIMONIAL_MESSAGES } from '../../functions/src/modules/testimonials/testimonials-service';
import { resetEmulators } from './support/emulators';
import { person, visitor } from './support/people';

describe('/api/testimonials', () => {
  beforeEach(async () => {
    await resetEmulators();
  });

  it('one testimonial per user: written pending, refused a second time, edited back to pending', async () => {
    const ada = await person('Ada');
    expect((await ada.get('/testimonials/my-testimonial')).status).toBe(404);

    const created = await ada.post('/testimonials', { quote: '  Built my course in a day.  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      quote: 'Built my course in a day.',
      rating: 5,
      author: 'Ada Tester',
      is_approved: false,
      status: 'pending',
    });
    const second = await ada.post('/testimonials', { quote: 'Again', rating: 4 });
    expect([second.status, second.body.error]).toEqual([409, TESTIMONIAL_MESSAGES.alreadyWritten]);
    expect((await ada.get('/testimonials/my-testimonial')).body).toEqual(created.body);

    const admin = await person('Alan', { admin: true });
    await admin.put(`/testimonials/admin/${created.body.id}/approve`, { approved: true });
    expect((await ada.get('/testimonials/my-testimonial')).body.is_approved).toBe(true);

    const edited = await ada.put(`/testimonials/${created.body.id}`, { rating: 4 });
    expect(edited.body).toMatchObject({
      quote: 'Built my course in a day.',
      rating: 4,
      status: 'pending',
      is_approved: false,
    });
    expect((await visitor.get('/testimonials')).body).toEqual([]);
  });

  it('the public list holds approved testimonials only, without owners', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const cy = await person('Cy');
    const admin = await person('Alan', { admin: true });
    const a = (await ada.post('/testimonials', { quote: 'Great', rating: 5 })).body.id;
    const b = (await bob.post('/testimonials', { quote: 'Fine', rating: 3 })).body.id;
    await cy.post('/testimonials', { quote: 'Waiting', rating: 5 });
    await admin.put(`/testimonials/admin/${a}/approve`, { approved: true });
    await admin.put(`/testimonials/admin/${b}/approve`, { approved: true });

    const listed = await visitor.get('/testimonials');
    expect(listed.status).toBe(200);
    expect(listed.body.map((t: { quote: string }) => t.quote).sort()).toEqual(['Fine', 'Great']);
    expect(JSON.stringify(listed.body)).not.toContain(ada.uid);
  });

  it('approve and reject move a testimonial out of pending', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const admin = await person('Alan', { admin: true });
    const a = (await ada.post('/testimonials', { quote: 'Yes', rating: 5 })).body.id;
    const b = (await bob.post('/testimonials', { quote: 'No', rating: 2 })).body.id;
    expect((await admin.get('/admin/testimonials/pending')).body).toHaveLength(2);

    const approved = await admin.put(`/testimonials/admin/${a}/approve`, { approved: true });
    expect(approved.body).toMatchObject({ status: 'approved', is_approved: true });
    const rejected = await admin.put(`/testimonials/admin/${b}/approve`, { approved: false });
    expect(rejected.body).toMatchObject({ status: 'rejected', is_approved: false });
    expect((await admin.get('/admin/testimonials/pending')).body).toEqual([]);
    expect((await admin.get('/testimonials/admin/all')).body).toHaveLength(2);
    expect((await visitor.get('/testimonials')).body.map((t: { id: string }) => t.id)).toEqual([a]);
    const missing = await admin.put('/testimonials/admin/0123456789abcdef01234567/approve', {
      approved: true,
    });
    expect(missing.status).toBe(404);
  });

  it('validates quote and rating', async () => {
    const ada = await person('Ada');
    const cases: [object, string][] = [
      [{ quote: '   ' }, `quote: ${QUOTE_REQUIRED}`],
      [{ quote: 'x'.repeat(QUOTE_MAX_LENGTH + 1) }, 'quote'],
      [{ quote: 'Nice', rating: 0 }, 'rating'],
      [{ quote: 'Nice', rating: 6 }, 'rating'],
      [{ quote: 'Nice', rating: 4.5 }, 'rating'],
      [{ quote: 'Nice', rating: '5' }, 'rating'],
    ];
    for (const [body, error] of cases) {
      const refused = await ada.post('/testimonials', body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toContain(error);
    }
    expect((await ada.get('/testimonials/my-testimonial')).status).toBe(404);
  });

  it('only the author edits or deletes; deleting frees the place for a new one', async () => {
    const ada = await person('Ada');
    const eve = await person('Eve');
    const id = (await ada.post('/testimonials', { quote: 'Mine', rating: 5 })).body.id;
    expect((await eve.put(`/testimonials/${id}`, { quote: 'Hijacked' })).status).toBe(404);
    expect((await eve.delete(`/testimonials/${id}`)).status).toBe(404);
    expect((await ada.get('/testimonials/my-testimonial')).body.quote).toBe('Mine');

    expect((await ada.delete(`/testimonials/${id}`)).status).toBe(204);
    expect((await ada.get('/testimonials/my-testimonial')).status).toBe(404);
    expect((await ada.post('/testimonials', { quote: 'Again', rating: 4 })).status).toBe(201);
  });

  it('writing needs a session, and the admin routes an admin', async () => {
    expect((await visitor.get('/testimonials/my-testimonial')).status).toBe(401);
    expect((await visitor.get('/testimonials/admin/all')).status).toBe(401);
    const ada = await person('Ada');
    expect((await ada.get('/testimonials/admin/all')).status).toBe(403);
    const id = (await ada.post('/testimonials', { quote: 'Mine', rating: 5 })).body.id;
    expect((await ada.put(`/testimonials/admin/${id}/approve`, { approved: true })).status).toBe(
      403,
    );
    const admin = await person('Alan', { admin: true });
    expect((await admin.get('/testimonials/admin/all')).status).toBe(200);
  });
});
