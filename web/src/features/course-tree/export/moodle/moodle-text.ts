import type { CourseExportTree, Question } from '@coursecraft/contracts';

/** A topic holding questions, with the names of the course, subject and chapter it sits in. */
export interface TopicQuestions {
  path: [course: string, subject: string, chapter: string, topic: string];
  questions: Question[];
}

/** Every topic that holds questions, in outline order. */
export function topicsWithQuestions(tree: CourseExportTree): TopicQuestions[] {
  return tree.subjects.flatMap((subject) =>
    subject.chapters.flatMap((chapter) =>
      chapter.topics
        .filter((topic) => topic.questions.length > 0)
        .map((topic) => ({
          path: [
            tree.course.name,
            subject.name,
            chapter.name,
            topic.name,
          ] as TopicQuestions['path'],
          questions: topic.questions,
        })),
    ),
  );
}

/**
 * Markdown text with its math written the way Moodle's MathJax and TeX filters read it: `$$…$$`
 * as `\[…\]`, `$…$` as `\(…\)`. `escape` is applied to everything but the delimiters. Code
 * spans stay as written, `\$` is a dollar sign, and a `$` with no closing one is kept.
 */
export function moodleMath(text: string, escape: (plain: string) => string): string {
  let out = '';
  let plain = '';
  const flush = () => {
    out += escape(plain);
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    if (text[i] === '`') {
      let run = 1;
      while (text[i + run] === '`') run += 1;
      const fence = '`'.repeat(run);
      const close = text.indexOf(fence, i + run);
      const end = close === -1 ? i + run : close + run;
      plain += text.slice(i, end);
      i = end;
      continue;
    }
    if (text.startsWith('\\$', i)) {
      plain += '$';
      i += 2;
      continue;
    }
    if (text[i] === '$') {
      const fence = text.startsWith('$$', i) ? '$$' : '$';
      const close = closingDollar(text, i + fence.length, fence);
      const inner = close === -1 ? '' : text.slice(i + fence.length, close).trim();
      if (close !== -1 && inner !== '') {
        flush();
        out += fence === '$$' ? `\\[${escape(inner)}\\]` : `\\(${escape(inner)}\\)`;
        i = close + fence.length;
        continue;
      }
    }
    plain += text[i];
    i += 1;
  }
  flush();
  return out;
}

function closingDollar(text: string, from: number, fence: string): number {
  for (let j = from; j < text.length; j += 1) {
    if (text[j] === '\\') {
      j += 1;
    } else if (text.startsWith(fence, j) && (fence === '$$' || text[j + 1] !== '$')) {
      return j;
    }
  }
  return -1;
}

const decimalFormat = new Intl.NumberFormat('en-US', {
  useGrouping: false,
  maximumFractionDigits: 20,
});

/** A number as plain decimal digits, never `1e-7` (GIFT readers do not all take exponents). */
export const decimal = (value: number): string => decimalFormat.format(value);
