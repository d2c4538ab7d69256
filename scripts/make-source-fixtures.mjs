import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ROOT } from './lib/paths.mjs';

/**
 * node scripts/make-source-fixtures.mjs
 *
 * Writes the committed password-protected PDFs of tests/fixtures/sources/, which pdf-lib cannot
 * encrypt: a one-page PDF (the text of PASSWORD_PDF_TEXT in tests/fixtures/source-files.ts)
 * encrypted with qpdf (Debian package `qpdf`), AES-256:
 * - password.pdf: user password "secret" (needed to open), owner password "owner";
 * - owner-password.pdf: owner password only (opens without one; printing not allowed).
 */
const TEXT = 'Quarterly safety briefing for the warehouse team.';
const outDir = path.join(ROOT, 'tests/fixtures/sources');

const pdf = await PDFDocument.create();
const font = await pdf.embedFont(StandardFonts.Helvetica);
pdf.addPage([595, 842]).drawText(TEXT, { x: 50, y: 792, size: 10, font });
// Fixed dates so running the script again writes the same plain PDF.
pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'source-fixtures-'));
try {
  const plain = path.join(work, 'plain.pdf');
  fs.writeFileSync(plain, await pdf.save());
  fs.mkdirSync(outDir, { recursive: true });
  const qpdf = (args, out) => {
    execFileSync('qpdf', [...args, plain, path.join(outDir, out)], { stdio: 'inherit' });
    console.log(`wrote tests/fixtures/sources/${out}`);
  };
  qpdf(['--encrypt', 'secret', 'owner', '256', '--'], 'password.pdf');
  qpdf(['--encrypt', '', 'owner', '256', '--print=none', '--'], 'owner-password.pdf');
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
