import type { Chapter, Topic } from '@coursecraft/contracts';
import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { chapterDragId, outlineAnnouncements, outlineDrop, topicDragId } from './outline-dnd';

const chapters: Chapter[] = [
  { id: 'ch1', name: 'Limits', has_topics: true },
  { id: 'ch2', name: 'Derivatives', has_topics: true },
  { id: 'ch3', name: 'Integrals', has_topics: false },
];
const topics: Topic[] = [
  { id: 't1', name: 'Slopes', has_content: false },
  { id: 't2', name: 'Chain rule', has_content: true },
  { id: 't3', name: 'Limits of ratios', has_content: false },
];
const lists = { chapters, expandedId: 'ch2', topics };

/** The parts of a drag event the outline reads: the ids of what moved and where it landed. */
const event = (active: string, over: string | null) => ({
  active: { id: active } as Active,
  over: over === null ? null : ({ id: over } as Over),
});

describe('outlineDrop', () => {
  it('reorders chapters when a chapter lands on another chapter', () => {
    expect(outlineDrop(event(chapterDragId('ch3'), chapterDragId('ch1')), lists)).toEqual({
      kind: 'chapters',
      ids: ['ch3', 'ch1', 'ch2'],
      previousIds: ['ch1', 'ch2', 'ch3'],
    });
  });

  it('reorders the open chapter’s topics when a topic lands on a sibling', () => {
    expect(outlineDrop(event(topicDragId('t1'), topicDragId('t3')), lists)).toEqual({
      kind: 'topics',
      chapterId: 'ch2',
      ids: ['t2', 't3', 't1'],
      previousIds: ['t1', 't2', 't3'],
    });
  });

  it('moves a topic that lands on another chapter’s row, even an empty one', () => {
    expect(outlineDrop(event(topicDragId('t2'), chapterDragId('ch3')), lists)).toEqual({
      kind: 'move',
      topic: topics[1],
      fromChapterId: 'ch2',
      fromIndex: 1,
      toChapterId: 'ch3',
    });
  });

  it('changes nothing for a drop in place, outside, on its own chapter or across kinds', () => {
    expect(outlineDrop(event(topicDragId('t1'), topicDragId('t1')), lists)).toBeNull();
    expect(outlineDrop(event(topicDragId('t1'), null), lists)).toBeNull();
    expect(outlineDrop(event(topicDragId('t1'), chapterDragId('ch2')), lists)).toBeNull();
    expect(outlineDrop(event(chapterDragId('ch1'), topicDragId('t1')), lists)).toBeNull();
  });
});

describe('outlineAnnouncements', () => {
  const say = outlineAnnouncements(lists);

  it('say where a topic is in its chapter, in words', () => {
    expect(say.onDragStart(event(topicDragId('t3'), null))).toBe(
      'Picked up Topic Limits of ratios. It is at position 3 of 3 in Chapter Derivatives.',
    );
    expect(say.onDragEnd(event(topicDragId('t3'), topicDragId('t2')))).toBe(
      'Topic Limits of ratios moved to position 2 of 3 in Chapter Derivatives.',
    );
  });

  it('say which chapter a topic will move to, and where it went', () => {
    expect(say.onDragOver?.(event(topicDragId('t1'), chapterDragId('ch3')))).toBe(
      'Topic Slopes is over Chapter Integrals. Drop it to move it there.',
    );
    expect(say.onDragEnd(event(topicDragId('t1'), chapterDragId('ch3')))).toBe(
      'Topic Slopes moved to the end of Chapter Integrals.',
    );
  });

  it('say that a cancelled drag put the item back', () => {
    expect(say.onDragCancel(event(chapterDragId('ch2'), chapterDragId('ch1')))).toBe(
      'Moving Chapter Derivatives was cancelled. It is back at position 2 of 3.',
    );
  });
});
