import { defaultSchema, type Options as Schema } from 'rehype-sanitize';

/**
 * GitHub's schema. Formulas pass as `<code class="language-math">`, which rehype-katex (after the
 * sanitiser) typesets. Footnote ids come from remark-rehype already prefixed with `user-content-`
 * and the lesson's own prefix, and no other markdown makes an id, so the sanitiser does not prefix
 * them a second time (that would break the footnote links); an id or name without that prefix is dropped,
 * so a lesson can never clobber a global name or an id of the page around it. Raw HTML never
 * reaches it: remark-rehype drops it, and the sanitiser drops any raw node a caller lets through.
 */
export const lessonSanitizeSchema: Schema = {
  ...defaultSchema,
  clobber: [],
  attributes: {
    ...defaultSchema.attributes,
    '*': [
      ...(defaultSchema.attributes?.['*'] ?? []).filter(
        (attribute) => attribute !== 'id' && attribute !== 'name',
      ),
      ['id', /^user-content-/],
      ['name', /^user-content-/],
    ],
  },
};
