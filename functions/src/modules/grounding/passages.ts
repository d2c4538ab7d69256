import {
  CITATION_QUOTE_MAX,
  citationFootnote,
  estimateTokens,
  passageBudget,
  type GroundedLevel,
} from '@coursecraft/contracts';
import type { GroundingSource, Passage } from './grounding-types';

/** Words too common to tell passages apart. */
const STOP_WORDS = new Set(
  (
    'about above after again against all also and any are because been before being below ' +
    'between both but can could did does doing down during each few for from further had has ' +
    'have having her here hers herself him himself his how into its itself just more most ' +
    'not now off once only other our ours ourselves out over own same she should some such ' +
    'than that the their theirs them themselves then there these they this those through too ' +
    'under until very was were what when where which while who whom why will with would you ' +
    'your yours yourself yourselves'
  ).split(' '),
);

/** Words shorter than this are left out of the ranking. */
const MIN_WORD_LENGTH = 3;

// BM25's usual constants: how fast repeats of a word stop counting, and how much length matters.
const K1 = 1.2;
const B = 0.75;

/** The words of `text` that rank passages: lowercased letters and digits, no short or stop words. */
export function rankingWords(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => [...word].length >= MIN_WORD_LENGTH && !STOP_WORDS.has(word));
}

interface Candidate {
  passage: Passage;
  /** Its place in source order. */
  order: number;
  words: string[];
}

function candidatesOf(sources: readonly GroundingSource[]): Candidate[] {
  return sources
    .flatMap((source) =>
      source.chunks.map((chunk) => ({
        passage: {
          sourceName: source.name,
          locator: { kind: source.kind === 'pdf' ? 'page' : 'section', label: chunk.label },
          text: chunk.text,
          tokens: estimateTokens(chunk.text.length),
        } satisfies Passage,
        order: 0,
        words: rankingWords(chunk.text),
      })),
    )
    .map((candidate, order) => ({ ...candidate, order }));
}

/** BM25 score of each candidate for the query's words. */
function scores(candidates: readonly Candidate[], queryWords: ReadonlySet<string>): number[] {
  const count = candidates.length;
  const averageLength =
    candidates.reduce((sum, candidate) => sum + candidate.words.length, 0) / Math.max(count, 1);
  const frequencies = candidates.map((candidate) => {
    const frequency = new Map<string, number>();
    for (const word of candidate.words) {
      if (queryWords.has(word)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
    }
    return frequency;
  });
  const documents = new Map<string, number>();
  for (const frequency of frequencies) {
    for (const word of frequency.keys()) documents.set(word, (documents.get(word) ?? 0) + 1);
  }
  return candidates.map((candidate, index) => {
    const lengthNorm = 1 - B + (B * candidate.words.length) / (averageLength || 1);
    let score = 0;
    for (const [word, tf] of frequencies[index]!) {
      const df = documents.get(word) ?? 0;
      const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
      score += (idf * tf * (K1 + 1)) / (tf + K1 * lengthNorm);
    }
    return score;
  });
}

/**
 * The passages of the loaded sources that best match `query`, within `passageBudget(level,
 * coverageTokens)` tokens: the best scoring first, then, while room is left, the others in
 * source order. Answered in source order (source, then chunk). At the course and subjects
 * levels the budget is the whole coverage, so every passage is chosen.
 */
export function choosePassages(
  sources: readonly GroundingSource[],
  level: GroundedLevel,
  query: readonly string[],
  coverageTokens: number,
): Passage[] {
  const candidates = candidatesOf(sources);
  const budget = passageBudget(level, coverageTokens);
  const scored = scores(candidates, new Set(query.flatMap(rankingWords)));
  const best = candidates
    .map((candidate, index) => ({ candidate, score: scored[index]! }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.candidate.order - b.candidate.order)
    .map(({ candidate }) => candidate);

  const chosen = new Set<Candidate>();
  let spent = 0;
  for (const candidate of [...best, ...candidates]) {
    if (chosen.has(candidate) || spent + candidate.passage.tokens > budget) continue;
    chosen.add(candidate);
    spent += candidate.passage.tokens;
  }
  return [...chosen].sort((a, b) => a.order - b.order).map((candidate) => candidate.passage);
}

const passageHeading = ({ sourceName, locator }: Passage): string =>
  locator.kind === 'page'
    ? `[${sourceName}, page ${locator.label}]`
    : `[${sourceName}, section “${locator.label}”]`;

/** The prompt's block of passages, each under a line naming its source and page or section. */
export function sourcesPromptLines(passages: readonly Passage[]): string[] {
  return [
    "Write from the author's sources below, not from general knowledge. Each passage starts with its source and its page or section in brackets.",
    'BEGIN SOURCES',
    ...passages.flatMap((passage, index) => [
      ...(index > 0 ? [''] : []),
      passageHeading(passage),
      passage.text.trim(),
    ]),
    'END SOURCES',
  ];
}

/** How a lesson cites the passages: footnotes in the form `checkCitations` checks. */
export function citationRulesLines(): string[] {
  const example = citationFootnote({
    id: '1',
    sourceName: 'Safety Handbook.pdf',
    locator: { kind: 'page', label: '12' },
    quote: 'Always isolate the circuit before opening the panel.',
  });
  const section = citationFootnote({
    id: '2',
    sourceName: 'Notes.docx',
    locator: { kind: 'section', label: 'Wiring' },
    quote: 'Use a 30 mA RCD.',
  });
  return [
    'Cite what you use from the sources as GitHub-flavoured footnotes: a marker [^1], [^2], … after the sentence it supports, and one definition line per footnote at the end of the lesson, exactly in this form:',
    example,
    `A source that is not a PDF is cited by its section instead of a page: ${section}`,
    `Quote the passage word for word, at most ${CITATION_QUOTE_MAX} characters; use … to leave words out.`,
    'Cite only what the passages above say, with the source and page or section their heading gives; write no footnote for anything else.',
  ];
}
