import type SharpModule from 'sharp';
import type { ImageStore } from '../../../lib/storage/image-store';
import {
  publishedCourseCoverRendition,
  publishedPreviewImage,
  publishedSubjectCoverRendition,
} from '../../../lib/storage/object-paths';
import type { CourseTree } from '../../outline';
import type { PageCovers } from './page-documents';
import type { PageImage } from './page-model';

/** Widths the pages show covers at: the course card (phone, wide screen), a subject's thumbnail. */
export const COURSE_COVER_WIDTHS = [480, 960] as const;
export const SUBJECT_COVER_WIDTHS = [160, 320] as const;
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

/** The box a cover that is no image of the store is shown in (its size cannot be known). */
const UNKNOWN_COVER_BOX = { course: [960, 540], subject: [320, 180] } as const;

type Sharp = typeof SharpModule;

/** sharp (libvips, a native module) loads at the first publish, not when the function starts. */
const loadSharp = async (): Promise<Sharp> => (await import('sharp')).default;

/**
 * One cover as WebP at each of `widths` (never wider than the original), stored under the
 * paths `pathOf(width)` gives; the smallest is the default `src`.
 */
async function renditions(
  sharp: Sharp,
  store: ImageStore,
  bytes: Uint8Array,
  widths: readonly number[],
  pathOf: (width: number) => string,
): Promise<PageImage> {
  const image = sharp(bytes, { failOn: 'none' }).rotate();
  const { width: originalWidth = 0, height: originalHeight = 0 } = await image.metadata();
  if (originalWidth <= 0 || originalHeight <= 0) throw new Error('The cover has no size');
  const wanted = [...new Set(widths.map((width) => Math.min(width, originalWidth)))];
  const stored = await Promise.all(
    wanted.map(async (width) => {
      const height = Math.max(1, Math.round((originalHeight * width) / originalWidth));
      const webp = await image.clone().resize({ width, height }).webp({ quality: 75 }).toBuffer();
      const { url } = await store.save(pathOf(width), webp, 'image/webp');
      return { url, width, height };
    }),
  );
  const [smallest] = stored;
  if (!smallest) throw new Error('No rendition was made');
  return {
    src: smallest.url,
    srcset: stored.map(({ url, width }) => `${url} ${width}w`).join(', '),
    width: smallest.width,
    height: smallest.height,
  };
}

/**
 * The covers of a snapshot at the sizes the learner pages use, stored in the snapshot's folder:
 * WebP renditions with their sizes, plus the course's 1200 × 630 JPEG link preview (centre crop).
 * A cover that is no image of the store keeps its URL, shown in a fixed box, and gives no preview.
 */
export async function coverRenditions(
  store: ImageStore,
  { courseId, version }: { courseId: string; version: number },
  tree: CourseTree,
): Promise<PageCovers> {
  let sharp: Sharp | undefined;
  const sharpOnce = async () => (sharp ??= await loadSharp());
  const keepUrl = (url: string, [width, height]: readonly [number, number]): PageImage => ({
    src: url,
    srcset: '',
    width,
    height,
  });

  async function course(url: string | null) {
    if (!url) return { cover: null, preview: null };
    const source = await store.readFromUrl(url);
    if (!source) return { cover: keepUrl(url, UNKNOWN_COVER_BOX.course), preview: null };
    const sharpModule = await sharpOnce();
    const cover = await renditions(sharpModule, store, source.bytes, COURSE_COVER_WIDTHS, (width) =>
      publishedCourseCoverRendition(courseId, version, width),
    );
    const jpeg = await sharpModule(source.bytes, { failOn: 'none' })
      .rotate()
      .resize({ ...PREVIEW_SIZE, fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    const preview = await store.save(publishedPreviewImage(courseId, version), jpeg, 'image/jpeg');
    return { cover, preview: preview.url };
  }

  async function subject(subjectId: string, url: string | null): Promise<PageImage | null> {
    if (!url) return null;
    const source = await store.readFromUrl(url);
    if (!source) return keepUrl(url, UNKNOWN_COVER_BOX.subject);
    return renditions(await sharpOnce(), store, source.bytes, SUBJECT_COVER_WIDTHS, (width) =>
      publishedSubjectCoverRendition(courseId, version, subjectId, width),
    );
  }

  const main = await course(tree.course.image_url);
  const subjects: (PageImage | null)[] = [];
  // One at a time: each decode of a 1–2 MB PNG holds tens of MB.
  for (const each of tree.subjects) subjects.push(await subject(each.id, each.image_url));
  return { course: main.cover, previewImageUrl: main.preview, subjects };
}
