/**
 * Builds the asl-odds web page (web/) into dist-web/: `npm run build:web`.
 *
 * - base './': every URL relative, so dist-web/ works as is from any path (GitHub Pages subpaths,
 *   `asl-odds web`, a file server).
 * - JSX through Vite's own transform with Preact's runtime (no Babel preset needed for a build).
 * - vite-plugin-pwa (Workbox generateSW): a service worker that precaches the whole build, so the page
 *   works offline after the first visit; registered by an injected script, no CDN.
 * - Web Workers as ES modules (the compute worker imports the engine).
 */
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script',
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
