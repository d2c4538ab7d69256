import { slugSchema } from '@coursecraft/contracts';
import { notFound } from './not-found';
import type { PublicationRecord, PublishingRepository } from './publishing-repository';

/** The live publication a slug names, or the 404 learners get for anything else. */
export async function livePublication(
  publications: Pick<PublishingRepository, 'findLiveBySlug'>,
  slug: string,
): Promise<PublicationRecord> {
  if (!slugSchema.safeParse(slug).success) notFound();
  const found = await publications.findLiveBySlug(slug);
  return found?.slug === slug ? found : notFound();
}
