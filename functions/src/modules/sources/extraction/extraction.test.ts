import mammoth from 'mammoth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PASSWORD_PDF_TEXT,
  corruptPdf,
  docxWithSections,
  halfScannedPdf,
  imageOnlyPdf,
  inflatingDocx,
  ownerPasswordPdf,
  passwordProtectedPdf,
  pdfWithPageLabels,
  pdfWithPages,
} from '../../../../../tests/fixtures/source-files';
import { detectSourceKind, ExtractionError, extractSource, START_SECTION_LABEL } from './index';
import { joinTextPieces } from './read-pdf';

const encode = (text: string) => new TextEncoder().encode(text);

/** The reason extraction failed with, or a failure of the test when it did not. */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error('extraction succeeded'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof ExtractionError)) throw error;
  return error.reason;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reading a PDF', () => {
  it('gives one unit per page with its text, labelled by page number', async () => {
    const bytes = await pdfWithPages([
      'Welcome to the handbook.\nRead it before your first shift.',
      'Chapter one: safety comes first.',
      'Chapter two: well-known hyphen-\nated words stay as they are.',
    ]);
    const read = await extractSource(bytes, 'pdf');
    expect(read.pages).toBe(3);
    expect(read.scannedPages).toEqual([]);
    expect(read.units).toEqual([
      { label: '1', text: 'Welcome to the handbook.\nRead it before your first shift.' },
      { label: '2', text: 'Chapter one: safety comes first.' },
      { label: '3', text: 'Chapter two: well-known hyphen-\nated words stay as they are.' },
    ]);
    expect(read.words).toBe(10 + 5 + 10);
  });

  it("labels pages with the file's page labels, as a reader sees them", async () => {
    const bytes = await pdfWithPageLabels(
      ['Preface', 'Contents', 'Introduction', 'Method', 'Appendix'],
      ['i', 'ii', '1', '2', 'A-1'],
    );
    const read = await extractSource(bytes, 'pdf');
    expect(read.units.map((unit) => [unit.label, unit.text])).toEqual([
      ['i', 'Preface'],
      ['ii', 'Contents'],
      ['1', 'Introduction'],
      ['2', 'Method'],
      ['A-1', 'Appendix'],
    ]);
  });

  it('lists pages without selectable text as scanned and reads the others', async () => {
    const bytes = await halfScannedPdf(['Typed page one.', null, 'Typed page three.', null, null]);
    const read = await extractSource(bytes, 'pdf');
    expect(read.pages).toBe(5);
    expect(read.units.map((unit) => unit.label)).toEqual(['1', '3']);
    expect(read.scannedPages).toEqual(['2', '4', '5']);
  });

  it('refuses a PDF with no page of selectable text', async () => {
    expect(await failureOf(extractSource(await imageOnlyPdf(3), 'pdf'))).toBe('no_text');
  });

  it('refuses a PDF that needs a password to open', async () => {
    expect(await failureOf(extractSource(passwordProtectedPdf(), 'pdf'))).toBe('password');
  });

  it('reads a PDF that has only an owner password', async () => {
    const read = await extractSource(ownerPasswordPdf(), 'pdf');
    expect(read.units).toEqual([{ label: '1', text: PASSWORD_PDF_TEXT }]);
  });

  it("breaks lines where pdf.js's pieces move to another line, even without an end-of-line mark", () => {
    const piece = (str: string, y: number, hasEOL = false) => ({
      str,
      hasEOL,
      transform: [10, 0, 0, 10, 50, y],
    });
    expect(
      joinTextPieces([
        piece('Safety ', 700),
        piece('first.', 700),
        piece('Next line', 688),
        piece('', 688, true),
        piece('Third line  ', 676),
      ]),
    ).toBe('Safety first.\nNext line\nThird line');
  });

  it('refuses a corrupt PDF as unreadable', async () => {
    expect(await failureOf(extractSource(corruptPdf(), 'pdf'))).toBe('unreadable');
  });
});

describe('reading a Word document', () => {
  it('gives Markdown sections at its headings, tables as GitHub tables', async () => {
    const bytes = await docxWithSections(
      [
        { heading: 'Welcome', paragraphs: ['Hello and welcome.', 'Read this first.'] },
        { heading: 'Equipment', paragraphs: ['Everyone gets boots.'] },
      ],
      [
        ['Item', 'Count'],
        ['Boots', '2'],
        ['Gloves', '4'],
      ],
    );
    const read = await extractSource(bytes, 'docx');
    expect(read.pages).toBeNull();
    expect(read.units).toEqual([
      { label: 'Welcome', text: '# Welcome\n\nHello and welcome.\n\nRead this first.' },
      {
        label: 'Equipment',
        text: [
          '# Equipment',
          '',
          'Everyone gets boots.',
          '',
          '| Item | Count |',
          '| --- | --- |',
          '| Boots | 2 |',
          '| Gloves | 4 |',
        ].join('\n'),
      },
    ]);
    // Markdown's marks (#, |, ---) are not words.
    expect(read.words).toBe(1 + 3 + 3 + 1 + 3 + 6);
  });

  it('refuses a Word file whose parts claim to inflate beyond the cap, before parsing it', async () => {
    const parse = vi.spyOn(mammoth, 'convertToHtml');
    expect(await failureOf(extractSource(inflatingDocx(), 'docx'))).toBe('unreadable');
    expect(parse).not.toHaveBeenCalled();
  });

  it('refuses a Word file whose part inflates beyond what its directory declares', async () => {
    const bytes = await docxWithSections([
      { heading: 'Long', paragraphs: ['A paragraph that inflates. '.repeat(200)] },
    ]);
    // Understate word/document.xml's size in the central directory: the declared total now
    // passes the cap, the inflated content does not match it.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const name = encode('word/document.xml');
    let patched = 0;
    for (let at = 0; at + 46 < bytes.length; at += 1) {
      if (view.getUint32(at, true) !== 0x02014b50) continue;
      const nameAt = bytes.subarray(at + 46, at + 46 + name.length);
      if (nameAt.every((byte, index) => byte === name[index])) {
        view.setUint32(at + 24, 16, true);
        patched += 1;
      }
    }
    expect(patched).toBe(1);
    const parse = vi.spyOn(mammoth, 'convertToHtml');
    expect(await failureOf(extractSource(bytes, 'docx'))).toBe('unreadable');
    expect(parse).not.toHaveBeenCalled();
  });

  it('refuses a corrupt Word file as unreadable', async () => {
    const bytes = await docxWithSections([{ heading: 'Cut', paragraphs: ['Half a file.'] }]);
    const cut = bytes.slice(0, Math.floor(bytes.length / 2));
    expect(await failureOf(extractSource(cut, 'docx'))).toBe('unreadable');
  });
});

describe('reading Markdown and text', () => {
  it('cuts Markdown at its ATX headings, never inside a code block', async () => {
    const markdown = [
      'Notes before any heading.',
      '',
      '# Safety',
      'Wear boots.',
      '```sh',
      '# a comment, not a heading',
      '```',
      '## Fire exits ##',
      'Know them.',
      '#hashtag is not a heading',
    ].join('\r\n');
    const read = await extractSource(encode(markdown), 'markdown');
    expect(read.units).toEqual([
      { label: START_SECTION_LABEL, text: 'Notes before any heading.' },
      {
        label: 'Safety',
        text: '# Safety\nWear boots.\n```sh\n# a comment, not a heading\n```',
      },
      { label: 'Fire exits', text: '## Fire exits ##\nKnow them.\n#hashtag is not a heading' },
    ]);
    expect(read.words).toBe(4 + 9 + 9);
  });

  it('reads text as it is, in one unit', async () => {
    const read = await extractSource(encode('\uFEFFLine one.\n# not a heading here\n'), 'text');
    expect(read).toEqual({
      pages: null,
      units: [{ label: START_SECTION_LABEL, text: 'Line one.\n# not a heading here' }],
      scannedPages: [],
      words: 6,
    });
  });
});

describe('detectSourceKind', () => {
  it('takes the kind from the name only when the content matches it', async () => {
    const pdf = await pdfWithPages(['x']);
    const docx = await docxWithSections([{ heading: 'H', paragraphs: ['p'] }]);
    expect(detectSourceKind('Handbook.PDF', pdf)).toBe('pdf');
    expect(detectSourceKind('notes.docx', docx)).toBe('docx');
    expect(detectSourceKind('notes.md', encode('# Hi ✓'))).toBe('markdown');
    expect(detectSourceKind('notes.markdown', encode('Hi'))).toBe('markdown');
    expect(detectSourceKind('notes.txt', encode('Hi'))).toBe('text');

    expect(detectSourceKind('Handbook.pdf', docx)).toBeNull();
    expect(detectSourceKind('notes.docx', pdf)).toBeNull();
    expect(detectSourceKind('notes.txt', pdf.subarray(0, 400))).toBeNull();
    expect(detectSourceKind('notes.txt', new Uint8Array([0x48, 0x00, 0x69]))).toBeNull();
    expect(detectSourceKind('notes.md', new Uint8Array([0x48, 0xc3, 0x28]))).toBeNull();
    expect(detectSourceKind('slides.pptx', docx)).toBeNull();
    expect(detectSourceKind('scan.png', pdf)).toBeNull();
    expect(detectSourceKind('README', encode('Hi'))).toBeNull();
  });
});
