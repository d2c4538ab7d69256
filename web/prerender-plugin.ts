import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { PrerenderedPage, RenderedPage } from './src/app/prerender';

const SERVER_ENTRY = 'src/app/prerender.tsx';
const EMPTY_ROOT = '<div id="root"></div>';

interface ServerEntry {
  PRERENDERED_PAGES: PrerenderedPage[];
  renderPage: (path: string) => Promise<RenderedPage>;
}

/**
 * The SPA shell with a page's markup in #root, its styles in <head> and its title. A page with a
 * script of its own (`ownScript`, its built file) gets that script instead of the app's scripts
 * and preloads, and its templates after #root.
 */
export function pageHtml(
  shell: string,
  page: PrerenderedPage,
  rendered: RenderedPage,
  ownScript?: PageScript,
): string {
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT}.`);
  let html = shell;
  if (ownScript) {
    html = html
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace('</head>', () =>
        [
          `  <script type="module" crossorigin src="/${ownScript.file}"></script>`,
          ...ownScript.imports.map(
            (file) => `  <link rel="modulepreload" crossorigin href="/${file}">`,
          ),
          '  </head>',
        ].join('\n'),
      );
  }
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`)
    .replace('</head>', () => `${rendered.styles}\n  </head>`)
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(EMPTY_ROOT, () => `<div id="root">${rendered.html}</div>${rendered.templates ?? ''}`);
}

/** A built page script: its file and the chunks it imports statically (preloaded with it). */
export interface PageScript {
  file: string;
  imports: string[];
}

/** The entries of the web build a prerendered page may run instead of the app. */
export const PAGE_SCRIPT_ENTRIES = { home: 'src/home.ts' } as const;

/**
 * After the browser build, builds the app for Node (an SSR build of SERVER_ENTRY into a scratch
 * folder inside node_modules, where the externalised packages resolve), renders every public
 * page and writes it next to index.html, which stays the SPA shell for every other route.
 */
export function prerenderPublicPages(): Plugin {
  let config: ResolvedConfig;
  /** The built file of each page script entry, by entry name. */
  const pageScripts = new Map<string, PageScript>();
  return {
    name: 'coursecraft:prerender-public-pages',
    apply: (userConfig, { command }) => command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry && chunk.name in PAGE_SCRIPT_ENTRIES) {
          pageScripts.set(chunk.name, { file: chunk.fileName, imports: chunk.imports });
        }
      }
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const cacheDir = path.join(config.root, 'node_modules');
      const serverDir = fs.mkdtempSync(path.join(cacheDir, '.prerender-'));
      try {
        await build({
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          build: {
            ssr: SERVER_ENTRY,
            outDir: serverDir,
            emptyOutDir: true,
            sourcemap: false,
            copyPublicDir: false,
          },
        });
        const entryFile = fs.readdirSync(serverDir).find((file) => /^prerender\.m?js$/.test(file));
        if (!entryFile) throw new Error(`The prerender build wrote no entry in ${serverDir}.`);
        const entry = (await import(
          pathToFileURL(path.join(serverDir, entryFile)).href
        )) as ServerEntry;
        const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        for (const page of entry.PRERENDERED_PAGES) {
          const rendered = await entry.renderPage(page.path);
          const script = page.script ? pageScripts.get(page.script) : undefined;
          if (page.script && !script) throw new Error(`The build has no ${page.script} entry.`);
          fs.writeFileSync(path.join(outDir, page.file), pageHtml(shell, page, rendered, script));
        }
      } finally {
        fs.rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
