import { describe, expect, it } from 'vitest';
import { diagramAlt, diagramKey } from './diagrams';

describe('diagramKey', () => {
  it('is the hex SHA-256 of the trimmed source, the same on every call', async () => {
    expect(await diagramKey(' abc\n')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    const key = await diagramKey('graph TD; A-->B');
    expect(await diagramKey('graph TD; A-->B')).toBe(key);
  });

  it('differs for different sources', async () => {
    expect(await diagramKey('graph TD; A-->B')).not.toBe(await diagramKey('graph TD; A-->C'));
  });
});

describe('diagramAlt', () => {
  it('names a diagram by its accTitle and accDescr, else "Diagram"', () => {
    expect(diagramAlt('graph TD\n  accTitle: Flow\n  A-->B')).toBe('Flow');
    expect(diagramAlt('graph TD\n  accDescr: A leads to B\n  A-->B')).toBe('A leads to B');
    expect(diagramAlt('graph TD\n  accDescr {\n    A leads\n    to B\n  }\n  A-->B')).toBe(
      'A leads to B',
    );
    expect(diagramAlt('graph TD\n  accTitle: Flow\n  accDescr: A to B\n  A-->B')).toBe(
      'Flow: A to B',
    );
    expect(diagramAlt('graph TD; A-->B')).toBe('Diagram');
  });
});
