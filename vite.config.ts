import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The reference server serves the built client on one port in production (`npm start`);
// in development (`npm run dev`) Vite serves the page and proxies the API and the socket.
const serverPort = Number(process.env.PORT ?? 8080);
const target = `http://127.0.0.1:${serverPort}`;

// Installable (issue 23, ADR 0031): a web app manifest and a Workbox service worker that
// precaches the built app shell — every script, style and icon, not the source maps — so Bourse
// opens from the home screen and, without a network, shows its offline state with the last
// known data (the engine restores it from its event log). A new build waits until the user
// reloads (`registerType: 'prompt'`, ui/layout/update-prompt.tsx). Nothing of /api or /wss is
// cached: the service worker answers navigations with index.html and leaves those to the network.
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['theme-boot.js', 'icons/apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'Bourse',
    short_name: 'Bourse',
    description: 'Spot, contracts, second contracts and C2C trading',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#0b0e11',
    theme_color: '#181a20',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/wss\//],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    cleanupOutdatedCaches: true,
  },
});

export default defineConfig({
  plugins: [react(), pwa],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': { target },
      '/wss': { target, ws: true },
    },
  },
});
