/**
 * Builds the asl-odds web page (web/) into dist-web/: `npm run build:web`.
 *
 * - base './': every URL relative, so dist-web/ works as is from any path (GitHub Pages subpaths,
 *   `asl-odds web`, a file server).
 * - JSX through Vite's own transform with Preact's runtime (no Babel preset needed for a build).
 * - vite-plugin-pwa (Workbox generateSW): a service worker that precaches the whole build, so the page
 *   works offline after the first visit; registered by the page after its first answer, no CDN.
 * - Web Workers as ES modules (the compute worker imports the engine).
 */
import { builtinModules } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Packages that need Node; the page must never pull them in (test/layering.test.ts keeps src/ clean). */
const NODE_ONLY = new Set([...builtinModules, 'piscina', 'commander', 'cli-progress']);

/** Fails the build when the page's or the engine's code imports a Node-only module (instead of Vite's silent browser stub). */
function browserOnly(): Plugin {
  return {
    name: 'asl-odds:browser-only',
    enforce: 'pre',
    resolveId(id, importer) {
      const bare = id.replace(/^node:/, '').split('/')[0];
      // libraries may probe for Node modules inside try/catch (seedrandom's crypto); our own code may not
      const ours = importer !== undefined && !importer.includes('node_modules');
      if (ours && (id.startsWith('node:') || NODE_ONLY.has(bare))) this.error(`${importer ?? '?'} imports ${id}, which needs Node: the page runs in a browser`);
      return null;
    },
  };
}

export default defineConfig({
  root: 'web',
  base: './',
  build: {
    outDir: '../dist-web',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2500,
  },
  worker: { format: 'es' },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [
    browserOnly(),
    VitePWA({
      registerType: 'autoUpdate',
      // registered by the page once its first answer is on screen (app.tsx), not at load
      injectRegister: false,
      manifest: {
        name: 'asl-odds: ASL odds calculator',
        short_name: 'asl-odds',
        description: 'Exact odds for Advanced Squad Leader morale checks, rallies, fire attacks, routs and Integrity, offline.',
        theme_color: '#1f3a5f',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: './',
        scope: './',
        icons: [{ src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
      },
    }),
  ],
});
