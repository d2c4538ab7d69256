import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PAGE_SCRIPT_ENTRIES, prerenderPublicPages } from './prerender-plugin.ts';

/**
 * What reactfire's single-file build imports from the Firebase SDKs the app does not use (the
 * app talks to its REST API and uses only Firebase App and Auth).
 */
const REACTFIRE_UNUSED_SDK_IMPORTS: Record<string, string[]> = {
  'firebase/database': [
    'get',
    'off',
    'onChildAdded',
    'onChildChanged',
    'onChildMoved',
    'onChildRemoved',
    'onValue',
  ],
  'firebase/firestore': ['onSnapshot', 'queryEqual'],
  'firebase/functions': ['httpsCallable'],
  'firebase/remote-config': [
    'ensureInitialized',
    'getAll',
    'getBoolean',
    'getNumber',
    'getString',
    'getValue',
  ],
  'firebase/storage': ['getDownloadURL', 'ref'],
};

const STUB_PREFIX = '\0reactfire-unused-sdk:';

/**
 * reactfire imports every SDK it wraps and builds lookup tables from them at load time, which
 * would ship Firestore, Database, Storage, Functions and Remote Config (~400 kB) in the landing
 * bundle. Its imports of those SDKs (and only its imports) resolve to stubs that throw if called.
 * A missing name fails the build, so a reactfire upgrade cannot slip past this silently.
 */
function reactfireWithoutUnusedSdks(): Plugin {
  return {
    name: 'coursecraft:reactfire-without-unused-sdks',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]node_modules[\\/]reactfire[\\/]/.test(importer)) return null;
      return source in REACTFIRE_UNUSED_SDK_IMPORTS ? STUB_PREFIX + source : null;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const sdk = id.slice(STUB_PREFIX.length);
      const names = REACTFIRE_UNUSED_SDK_IMPORTS[sdk] ?? [];
      return [
        'const unavailable = () => {',
        `  throw new Error('${sdk} is not bundled: the web app uses only Firebase App and Auth.');`,
        '};',
        `export { ${names.map((name) => `unavailable as ${name}`).join(', ')} };`,
      ].join('\n');
    },
  };
}

/** The CSS-variables halves of MUI's theme, and the names their importers take from them. */
const MUI_CSS_VARIABLES_MODULES: Record<string, string> = {
  './createThemeWithVars.mjs': 'export default unavailable;',
  './ThemeProviderWithVars.mjs': 'export { unavailable as CssVarsProvider };',
};
const MUI_STUB_PREFIX = '\0mui-without-css-variables:';

/**
 * MUI's createTheme and ThemeProvider import their CSS-variables versions too (~7 kB gzip in the
 * landing bundle), used only by a theme with `cssVariables` or `colorSchemes`, which this app's
 * theme has neither of. Those two imports resolve to stubs that throw if ever called.
 */
function muiWithoutCssVariables(): Plugin {
  return {
    name: 'coursecraft:mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        !importer ||
        !/[\\/]@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.mjs$/.test(importer)
      ) {
        return null;
      }
      return source in MUI_CSS_VARIABLES_MODULES ? MUI_STUB_PREFIX + source : null;
    },
    load(id) {
      if (!id.startsWith(MUI_STUB_PREFIX)) return null;
      return [
        'const unavailable = () => {',
        "  throw new Error('MUI CSS variables are not bundled: the theme must not set cssVariables or colorSchemes.');",
        '};',
        MUI_CSS_VARIABLES_MODULES[id.slice(MUI_STUB_PREFIX.length)],
      ].join('\n');
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    reactfireWithoutUnusedSdks(),
    muiWithoutCssVariables(),
    prerenderPublicPages(),
  ],
  // With `npm start` running, the dev server sends API calls to its Hosting emulator.
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:5050' } },
  // No source maps: the deployed site does not publish its sources.
  build: {
    sourcemap: false,
    target: 'es2022',
    // The app (index.html) and the scripts prerendered pages run instead of it.
    rolldownOptions: {
      input: Object.fromEntries(
        Object.entries({ index: 'index.html', ...PAGE_SCRIPT_ENTRIES }).map(([name, file]) => [
          name,
          fileURLToPath(new URL(file, import.meta.url)),
        ]),
      ),
    },
  },
});
