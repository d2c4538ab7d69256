import { createHash } from 'node:crypto';
import type { Testimonial, TestimonialStatus } from '@coursecraft/contracts';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { Timestamp } from '../../lib/firestore/sdk';
import { db as defaultDb } from '../../lib/firestore/db';
import { isAlreadyExists } from '../../lib/firestore/errors';
import { testimonialsCollection } from '../../lib/firestore/paths';

/**
 * A user's one testimonial lives at `testimonials/{id}` with an id derived from their uid, so a
 * second one cannot exist and the public list never shows uids.
 */
export function testimonialIdOf(uid: string): string {
  return createHash('sha256').update(`testimonial:${uid}`).digest('hex').slice(0, 24);
}

const STATUSES: readonly TestimonialStatus[] = ['pending', 'approved', 'rejected'];

function isoOf(value: unknown): string {
  return (value instanceof Timestamp ? value.toDate() : new Date(0)).toISOString();
}

function toTestimonial(snapshot: DocumentSnapshot): Testimonial {
  const data = snapshot.data() ?? {};
  const status = STATUSES.find((known) => known === data.status) ?? 'pending';
  return {
    id: snapshot.id,
    quote: typeof data.quote === 'string' ? data.quote : '',
    rating: typeof data.rating === 'number' ? data.rating : 5,
    author: typeof data.author === 'string' ? data.author : '',
    is_approved: status === 'approved',
    status,
    created_at: isoOf(data.created_at),
    updated_at: isoOf(data.updated_at),
  };
}

export function testimonialRepository(db: () => Firestore = defaultDb) {
  const testimonials = () => testimonialsCollection(db());
  const byStatus = (status: TestimonialStatus) => testimonials().where('status', '==', status);

  return {
    /** Approved testimonials, most recently approved or edited first. */
    async listApproved(): Promise<Testimonial[]> {
      const snapshot = await byStatus('approved').orderBy('updated_at', 'desc').get();
      return snapshot.docs.map(toTestimonial);
    },
    /** Testimonials waiting for an admin, oldest first. */
    async listPending(): Promise<Testimonial[]> {
      const snapshot = await byStatus('pending').orderBy('updated_at', 'asc').get();
      return snapshot.docs.map(toTestimonial);
    },
    async listAll(): Promise<Testimonial[]> {
      return (await testimonials().orderBy('updated_at', 'desc').get()).docs.map(toTestimonial);
    },
    async find(id: string): Promise<(Testimonial & { owner_uid: string }) | null> {
      const snapshot = await testimonials().doc(id).get();
      if (!snapshot.exists) return null;
      return { ...toTestimonial(snapshot), owner_uid: String(snapshot.get('owner_uid') ?? '') };
    },
    /** The user's new testimonial, pending; null when they have one already. */
    async create(
      uid: string,
      input: { quote: string; rating: number; author: string },
    ): Promise<Testimonial | null> {
      const ref = testimonials().doc(testimonialIdOf(uid));
      const now = Timestamp.now();
      try {
        await ref.create({
          ...input,
          owner_uid: uid,
          status: 'pending',
          created_at: now,
          updated_at: now,
        });
      } catch (error) {
        if (isAlreadyExists(error)) return null;
        throw error;
      }
      return toTestimonial(await ref.get());
    },
    /** An edit sends the testimonial back for approval. */
    async update(
      id: string,
      input: { quote?: string | undefined; rating?: number | undefined; author: string },
    ): Promise<Testimonial> {
      const ref = testimonials().doc(id);
      const fields = Object.fromEntries(
        Object.entries(input).filter(([, value]) => value !== undefined),
      );
      await ref.update({ ...fields, status: 'pending', updated_at: Timestamp.now() });
      return toTestimonial(await ref.get());
    },
    async setStatus(id: string, status: TestimonialStatus): Promise<Testimonial> {
      const ref = testimonials().doc(id);
      await ref.update({ status, updated_at: Timestamp.now() });
      return toTestimonial(await ref.get());
    },
    async delete(id: string): Promise<void> {
      await testimonials().doc(id).delete();
    },
    /** Counted by aggregation queries, without reading the documents. */
    async counts(): Promise<{ total: number; pending: number }> {
      const [total, pending] = await Promise.all([
        testimonials().count().get(),
        byStatus('pending').count().get(),
      ]);
      return { total: total.data().count, pending: pending.data().count };
    },
  };
}

export type TestimonialRepository = ReturnType<typeof testimonialRepository>;
