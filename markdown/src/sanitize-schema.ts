import { defaultSchema, type Options as Schema } from 'rehype-sanitize';

/**
 * GitHub's schema. Formulas pass as `<code class="language-math">`, which rehype-katex (after the
 * sanitiser) typesets. Footnote ids come from remark-rehype already prefixed with `user-content-`,
 * and no other markdown makes an id, so the sanitiser does not prefix them a second time (that
 * would break the footnote links). Raw HTML never reaches it: remark-rehype drops it, and the
 * sanitiser drops any raw node a caller lets through.
 */
export const lessonSanitizeSchema: Schema = { ...defaultSchema, clobber: [] };
