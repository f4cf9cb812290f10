import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The reference server serves the built client on one port in production (`npm start`);
// in development (`npm run dev`) Vite serves the page and proxies the API and the socket.
const serverPort = Number(process.env.PORT ?? 8080);
const target = `http://127.0.0.1:${serverPort}`;

export default defineConfig({
  plugins: [react()],
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
