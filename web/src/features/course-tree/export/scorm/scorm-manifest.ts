const NS = {
  imscp: 'http://www.imsproject.org/xsd/imscp_rootv1p1p2',
  adlcp: 'http://www.adlnet.org/xsd/adlcp_rootv1p2',
  imsmd: 'http://www.imsglobal.org/xsd/imsmd_rootv1p2p1',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  xmlns: 'http://www.w3.org/2000/xmlns/',
} as const;

const SCHEMA_LOCATION = [
  `${NS.imscp} imscp_rootv1p1p2.xsd`,
  `${NS.imsmd} imsmd_rootv1p2p1.xsd`,
  `${NS.adlcp} adlcp_rootv1p2.xsd`,
].join(' ');

/**
 * What XML 1.0 cannot carry (C0 controls but tab, line feed and carriage return, lone surrogates,
 * U+FFFE and U+FFFF) plus DEL and the C1 controls, which it allows but no title needs.
 */
const NOT_XML_TEXT = /[^\t\n\r\u0020-\u007e\u00a0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** `text` without the characters that would make the manifest ill-formed or carry no meaning. */
export const xmlText = (text: string) => text.replace(NOT_XML_TEXT, '');

export interface ScormManifestInput {
  /** Makes the manifest's identifier; any characters (those not allowed in an XML ID are dropped). */
  courseId: string;
  /** Any characters: those XML cannot carry, and other control characters, are removed. */
  title: string;
  /** Every file of the package but the manifest, as paths from the zip root; `index.html` launches. */
  files: readonly string[];
  /** The course's pass mark (1–100) when the package reports a score; none for a course without quizzes. */
  masteryScore?: number;
}

/**
 * `imsmanifest.xml` of a SCORM 1.2 package: one organization with one item, launching one SCO
 * (`index.html`) that lists every file of the package. Built with the DOM, which escapes the text.
 */
export function buildScormManifest({
  courseId,
  title: name,
  files,
  masteryScore,
}: ScormManifestInput): string {
  const title = xmlText(name);
  const doc = document.implementation.createDocument(NS.imscp, 'manifest', null);
  const manifest = doc.documentElement;
  const element = (parent: Element, name: string, attributes: Record<string, string> = {}) => {
    const child = doc.createElementNS(NS.imscp, name);
    for (const [attribute, value] of Object.entries(attributes))
      child.setAttribute(attribute, value);
    parent.append(child);
    return child;
  };
  const textElement = (parent: Element, name: string, text: string) => {
    element(parent, name).textContent = text;
  };

  manifest.setAttributeNS(NS.xmlns, 'xmlns:adlcp', NS.adlcp);
  manifest.setAttributeNS(NS.xmlns, 'xmlns:xsi', NS.xsi);
  manifest.setAttributeNS(NS.xsi, 'xsi:schemaLocation', SCHEMA_LOCATION);
  manifest.setAttribute('identifier', `coursecraft-${courseId.replace(/[^A-Za-z0-9_.-]/g, '')}`);
  manifest.setAttribute('version', '1.0');

  const metadata = element(manifest, 'metadata');
  textElement(metadata, 'schema', 'ADL SCORM');
  textElement(metadata, 'schemaversion', '1.2');

  const organizations = element(manifest, 'organizations', { default: 'organization' });
  const organization = element(organizations, 'organization', { identifier: 'organization' });
  textElement(organization, 'title', title);
  const item = element(organization, 'item', {
    identifier: 'item',
    identifierref: 'sco',
    isvisible: 'true',
  });
  textElement(item, 'title', title);
  if (masteryScore !== undefined) {
    const mastery = doc.createElementNS(NS.adlcp, 'adlcp:masteryscore');
    mastery.textContent = String(masteryScore);
    item.append(mastery);
  }

  const resources = element(manifest, 'resources');
  const resource = element(resources, 'resource', {
    identifier: 'sco',
    type: 'webcontent',
    href: 'index.html',
  });
  resource.setAttributeNS(NS.adlcp, 'adlcp:scormtype', 'sco');
  for (const href of files) element(resource, 'file', { href: xmlText(href) });

  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(doc)}\n`;
}
