import { describe, expect, it } from 'vitest';
import { chunksOfCoveredUnits } from './sources-service';

describe('chunksOfCoveredUnits', () => {
  const units = ['1', '2', '3'].map((label) => ({ label }));
  const chunks = [
    { label: '1', index: 0, text: 'one' },
    { label: '2', index: 1, text: 'two, first part' },
    { label: '2', index: 2, text: 'two, second part' },
    { label: '3', index: 3, text: 'three' },
  ];

  it('keeps every chunk of the covered units and none of the others', () => {
    expect(chunksOfCoveredUnits(units, chunks, 2).map((chunk) => chunk.index)).toEqual([0, 1, 2]);
    expect(chunksOfCoveredUnits(units, chunks, 0)).toEqual([]);
    expect(chunksOfCoveredUnits(units, chunks, 3)).toEqual(chunks);
  });
});
