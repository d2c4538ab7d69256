import {
  LESSON_WORD_RANGES,
  type Chapter,
  type Course,
  type CourseLevel,
  type CourseSettings,
  type Subject,
  type Topic,
} from '@coursecraft/contracts';
import type { PromptPart } from '../../lib/gemini/gemini-client';
import { quoted } from '../../lib/gemini/prompt-text';
import { citationRulesLines, sourcesPromptLines, type Passage } from '../grounding';

/** The passages a prompt is written from; none (or an empty list) for a course without sources. */
export type PromptPassages = readonly Passage[] | undefined;

/**
 * With passages: the sources block, which tells Gemini to write from them, each passage marked
 * with its source and page or section. Nothing without.
 */
export function sourcesLines(passages: PromptPassages): string[] {
  return passages?.length ? ['', ...sourcesPromptLines(passages)] : [];
}

/**
 * What a request for passages searches the sources for: the names and descriptions of `nodes`
 * (the node and the levels above it), then `more` (the items regenerated, the author's
 * instructions), blanks left out.
 */
export function passageQuery(
  nodes: readonly { name: string; description?: string | null }[],
  more: readonly (string | undefined)[] = [],
): string[] {
  return [...nodes.flatMap((node) => [node.name, node.description]), ...more].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
}

const listOf = (label: string, names: string[]) =>
  names.length > 0 ? `\n${label}:\n${names.map((name) => `- ${quoted(name)}`).join('\n')}` : '';

const LEVEL_GUIDANCE: Record<CourseLevel, string> = {
  Beginner: 'assume no prior knowledge of the field and introduce every term',
  Intermediate: 'assume the basics are known and build on them',
  Advanced: 'assume solid foundations and go in depth, with rigour',
};

/**
 * What every prompt says of the course's learners (see Course settings in docs/product.md): the
 * level and, when the author gave one, the audience.
 */
export function learnerLines({ level, audience }: CourseSettings): string[] {
  const levelLine = `Level: ${level}; ${LEVEL_GUIDANCE[level]}.`;
  return audience ? [levelLine, `Audience: ${quoted(audience)}.`] : [levelLine];
}

/**
 * With an instruction (Regenerate with instructions): what the author wants changed, and the
 * current version Gemini starts from, so it changes what was asked instead of starting over.
 */
function changeRequest(instructions: string | undefined, current: string[]): string[] {
  if (!instructions) return [];
  return [
    '',
    `The author wants this changed: ${quoted(instructions)}`,
    'Start from the current version below: change what the author asks and keep the rest.',
    'Current version, between the lines BEGIN and END:',
    'BEGIN',
    ...current,
    'END',
  ];
}

const namedList = (items: { name: string; description?: string | null }[]) =>
  items.map((item) => `- ${quoted(item.name)}${item.description ? `: ${item.description}` : ''}`);

const languageLine = ({ language }: CourseSettings, what: string) =>
  `Write ${what} in ${quoted(language)}.`;

/** "600 to 1200 words": the lesson length as Gemini is asked for it. */
export function lessonWordRange({ lesson_length }: CourseSettings): string {
  const { min, max } = LESSON_WORD_RANGES[lesson_length];
  return `${min} to ${max} words`;
}

export function coursePrompt(authorText: string, settings: CourseSettings): string {
  return [
    'You design online courses. From the author’s description below, propose the course.',
    'Answer with its name (a clear title of at most 80 characters) and a description of two or',
    'three sentences saying whom it is for and what they will be able to do.',
    '',
    `Author’s description: ${quoted(authorText)}`,
    '',
    ...learnerLines(settings),
    languageLine(settings, 'the name and the description'),
  ].join('\n');
}

/**
 * A course with sources and no description (Create from documents): its name and description,
 * proposed from what the sources hold.
 */
export function courseFromSourcesPrompt(course: Course, passages: readonly Passage[]): string {
  return [
    'You design online courses. From the author’s sources below, propose the course they can',
    'teach. Answer with its name (a clear title of at most 80 characters) and a description of',
    'two or three sentences saying whom it is for and what they will be able to do.',
    `The author calls the course ${quoted(course.name)} for now.`,
    ...learnerLines(course.settings),
    languageLine(course.settings, 'the name and the description'),
    ...sourcesLines(passages),
  ].join('\n');
}

/** The author speaks about the course in the WAV recording sent with this prompt. */
export function spokenCoursePrompt(recording: Buffer, settings: CourseSettings): PromptPart[] {
  return [
    {
      text: [
        'You design online courses. The recording is the author describing the course they want.',
        'Listen to it and propose the course: its name (a clear title of at most 80 characters) and',
        'a description of two or three sentences saying whom it is for and what they will be able',
        'to do.',
        ...learnerLines(settings),
        languageLine(settings, 'the name and the description'),
      ].join('\n'),
    },
    { inlineData: { mimeType: 'audio/wav', data: recording.toString('base64') } },
  ];
}

export function subjectsPrompt(
  course: Course,
  current: Subject[],
  instructions?: string,
  passages?: PromptPassages,
): string {
  return [
    `Plan the subjects of the course ${quoted(course.name)}.`,
    course.description ? `Course description: ${course.description}` : '',
    'Answer with 4 to 8 subjects in teaching order, each with a name (at most 80 characters) and',
    'a one-sentence description. Subjects must not overlap.',
    ...learnerLines(course.settings),
    languageLine(course.settings, 'the names and descriptions'),
    instructions
      ? ''
      : listOf(
          'The course has these subjects now; the new plan replaces them',
          current.map((s) => s.name),
        ),
    ...changeRequest(instructions, namedList(current)),
    ...sourcesLines(passages),
  ]
    .filter(Boolean)
    .join('\n');
}

/** `current` and `instructions` only when the author regenerates with instructions. */
export function chaptersPrompt(
  course: Course,
  subject: Subject,
  siblings: Subject[],
  change?: { current: Chapter[]; instructions: string },
  passages?: PromptPassages,
): string {
  return [
    `Plan the chapters of the subject ${quoted(subject.name)} in the course ${quoted(course.name)}.`,
    subject.description ? `Subject description: ${subject.description}` : '',
    'Answer with 4 to 10 chapters in teaching order, each with a name of at most 80 characters.',
    ...learnerLines(course.settings),
    languageLine(course.settings, 'the names'),
    listOf(
      'Other subjects of the course (do not repeat their content)',
      siblings.filter((s) => s.id !== subject.id).map((s) => s.name),
    ),
    ...changeRequest(change?.instructions, namedList(change?.current ?? [])),
    ...sourcesLines(passages),
  ]
    .filter(Boolean)
    .join('\n');
}

export function topicsPrompt(
  course: Course,
  subject: Subject,
  chapter: Chapter,
  chapters: Chapter[],
  change?: { current: Topic[]; instructions: string },
  passages?: PromptPassages,
): string {
  return [
    `List the topics of the chapter ${quoted(chapter.name)}, in the subject ${quoted(subject.name)}`,
    `of the course ${quoted(course.name)}.`,
    'Answer with 3 to 8 topics in teaching order, each one lesson long, each with a name of at',
    'most 80 characters.',
    ...learnerLines(course.settings),
    languageLine(course.settings, 'the names'),
    listOf(
      'Other chapters of the subject (leave their material to them)',
      chapters.filter((c) => c.id !== chapter.id).map((c) => c.name),
    ),
    ...changeRequest(change?.instructions, namedList(change?.current ?? [])),
    ...sourcesLines(passages),
  ]
    .filter(Boolean)
    .join('\n');
}

/** With passages, the lesson cites them as footnotes (see `citationRulesLines`). */
export function lessonPrompt(
  course: Course,
  subject: Subject,
  chapter: Chapter,
  topic: Topic,
  topics: Topic[],
  change?: { current: string; instructions: string },
  passages?: PromptPassages,
): string {
  return [
    `Write the lesson ${quoted(topic.name)} of the chapter ${quoted(chapter.name)}, in the subject`,
    `${quoted(subject.name)} of the course ${quoted(course.name)}.`,
    'Write GitHub-flavoured markdown only, no HTML: start with a level-2 heading, explain with',
    `short sections, examples and a brief summary, about ${lessonWordRange(course.settings)}.`,
    ...learnerLines(course.settings),
    `Tone: ${quoted(course.settings.tone)}.`,
    `Write in ${quoted(course.settings.language)}.`,
    'Write math for KaTeX: inline as $...$ and displayed as $$...$$ on their own lines.',
    'Where a diagram helps, add one Mermaid diagram in a ```mermaid fenced block.',
    listOf(
      'Other topics of the chapter (do not teach them here)',
      topics.filter((t) => t.id !== topic.id).map((t) => t.name),
    ),
    ...changeRequest(change?.instructions, [change?.current ?? '']),
    ...sourcesLines(passages),
    ...(passages?.length ? citationRulesLines() : []),
  ]
    .filter(Boolean)
    .join('\n');
}
