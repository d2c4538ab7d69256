import type { Chapter, Course, Subject, Topic } from '@coursecraft/contracts';
import type { PromptPart } from '../../lib/gemini/gemini-client';
import { quoted } from '../../lib/gemini/prompt-text';

const listOf = (label: string, names: string[]) =>
  names.length > 0 ? `\n${label}:\n${names.map((name) => `- ${quoted(name)}`).join('\n')}` : '';

export function coursePrompt(authorText: string): string {
  return [
    'You design online courses. From the author’s description below, propose the course.',
    'Answer with its name (a clear title of at most 80 characters) and a description of two or',
    'three sentences saying whom it is for and what they will be able to do.',
    '',
    `Author’s description: ${quoted(authorText)}`,
  ].join('\n');
}

/** The author speaks about the course in the WAV recording sent with this prompt. */
export function spokenCoursePrompt(recording: Buffer): PromptPart[] {
  return [
    {
      text: [
        'You design online courses. The recording is the author describing the course they want.',
        'Listen to it and propose the course: its name (a clear title of at most 80 characters) and',
        'a description of two or three sentences saying whom it is for and what they will be able',
        'to do.',
      ].join('\n'),
    },
    { inlineData: { mimeType: 'audio/wav', data: recording.toString('base64') } },
  ];
}

export function subjectsPrompt(course: Course, current: Subject[]): string {
  return [
    `Plan the subjects of the course ${quoted(course.name)}.`,
    course.description ? `Course description: ${course.description}` : '',
    'Answer with 4 to 8 subjects in teaching order, each with a name (at most 80 characters) and',
    'a one-sentence description. Subjects must not overlap.',
    listOf(
      'The course has these subjects now; the new plan replaces them',
      current.map((s) => s.name),
    ),
  ]
    .filter(Boolean)
    .join('\n');
}

export function chaptersPrompt(course: Course, subject: Subject, siblings: Subject[]): string {
  return [
    `Plan the chapters of the subject ${quoted(subject.name)} in the course ${quoted(course.name)}.`,
    subject.description ? `Subject description: ${subject.description}` : '',
    'Answer with 4 to 10 chapters in teaching order, each with a name of at most 80 characters.',
    listOf(
      'Other subjects of the course (do not repeat their content)',
      siblings.filter((s) => s.id !== subject.id).map((s) => s.name),
    ),
  ]
    .filter(Boolean)
    .join('\n');
}

export function topicsPrompt(
  course: Course,
  subject: Subject,
  chapter: Chapter,
  chapters: Chapter[],
): string {
  return [
    `List the topics of the chapter ${quoted(chapter.name)}, in the subject ${quoted(subject.name)}`,
    `of the course ${quoted(course.name)}.`,
    'Answer with 3 to 8 topics in teaching order, each one lesson long, each with a name of at',
    'most 80 characters.',
    listOf(
      'Other chapters of the subject (leave their material to them)',
      chapters.filter((c) => c.id !== chapter.id).map((c) => c.name),
    ),
  ]
    .filter(Boolean)
    .join('\n');
}

export function lessonPrompt(
  course: Course,
  subject: Subject,
  chapter: Chapter,
  topic: Topic,
  topics: Topic[],
): string {
  return [
    `Write the lesson ${quoted(topic.name)} of the chapter ${quoted(chapter.name)}, in the subject`,
    `${quoted(subject.name)} of the course ${quoted(course.name)}.`,
    'Write GitHub-flavoured markdown only, no HTML: start with a level-2 heading, explain with',
    'short sections, examples and a brief summary, about 500 to 1200 words.',
    'Write math for KaTeX: inline as $...$ and displayed as $$...$$ on their own lines.',
    'Where a diagram helps, add one Mermaid diagram in a ```mermaid fenced block.',
    listOf(
      'Other topics of the chapter (do not teach them here)',
      topics.filter((t) => t.id !== topic.id).map((t) => t.name),
    ),
  ]
    .filter(Boolean)
    .join('\n');
}
