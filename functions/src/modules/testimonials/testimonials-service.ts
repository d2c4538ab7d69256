import { testimonialSchema, type Testimonial } from '@coursecraft/contracts';
import { HttpError } from '../../lib/http-error';
import { testimonialIdOf, type TestimonialRepository } from './testimonial-repository';

export const TESTIMONIAL_MESSAGES = {
  notFound: 'Testimonial not found',
  alreadyWritten: 'You already have a testimonial. Edit it instead.',
} as const;

/** The profile fields a testimonial's author name is made of. */
export interface AuthorProfile {
  first_name: string;
  last_name: string;
  email: string;
}

export interface TestimonialsDependencies {
  testimonials: TestimonialRepository;
  /** The author's profile, or null when they have none yet. */
  findAuthor: (uid: string) => Promise<AuthorProfile | null>;
}

/** The name a testimonial shows: the profile's names, else the e-mail's local part. */
function authorNameOf(profile: AuthorProfile | null): string {
  const name = `${profile?.first_name ?? ''} ${profile?.last_name ?? ''}`.trim();
  return name || profile?.email.split('@')[0] || 'A Coursecraft author';
}

/**
 * One testimonial per user: the approved ones are public; a user writes, edits and deletes their
 * own (an edit sends it back for approval); admins list all and approve or reject.
 */
export function testimonialsService({ testimonials, findAuthor }: TestimonialsDependencies) {
  const notFound = () => new HttpError(404, 'NOT_FOUND', TESTIMONIAL_MESSAGES.notFound);
  const authorName = async (uid: string) => authorNameOf(await findAuthor(uid));

  /** The caller's own testimonial `id`; anyone else's looks missing. */
  async function ownTestimonial(uid: string, id: string): Promise<string> {
    const found = id === testimonialIdOf(uid) ? await testimonials.find(id) : null;
    if (!found) throw notFound();
    return id;
  }

  return {
    listApproved: (): Promise<Testimonial[]> => testimonials.listApproved(),

    async mine(uid: string): Promise<Testimonial> {
      const own = await testimonials.find(testimonialIdOf(uid));
      if (!own) throw notFound();
      return testimonialSchema.parse(own);
    },

    /** The caller's new testimonial, pending; 409 when they have one already. */
    async write(uid: string, input: { quote: string; rating: number }): Promise<Testimonial> {
      const created = await testimonials.create(uid, { ...input, author: await authorName(uid) });
      if (!created) throw new HttpError(409, 'CONFLICT', TESTIMONIAL_MESSAGES.alreadyWritten);
      return created;
    },

    async edit(
      uid: string,
      id: string,
      input: { quote?: string | undefined; rating?: number | undefined },
    ): Promise<Testimonial> {
      await ownTestimonial(uid, id);
      return testimonials.update(id, { ...input, author: await authorName(uid) });
    },

    async remove(uid: string, id: string): Promise<void> {
      await testimonials.delete(await ownTestimonial(uid, id));
    },

    listAll: (): Promise<Testimonial[]> => testimonials.listAll(),

    listPending: (): Promise<Testimonial[]> => testimonials.listPending(),

    counts: (): Promise<{ total: number; pending: number }> => testimonials.counts(),

    /** An admin's verdict on any testimonial. */
    async review(id: string, approved: boolean): Promise<Testimonial> {
      if (!(await testimonials.find(id))) throw notFound();
      return testimonials.setStatus(id, approved ? 'approved' : 'rejected');
    },
  };
}

export type TestimonialsService = ReturnType<typeof testimonialsService>;
