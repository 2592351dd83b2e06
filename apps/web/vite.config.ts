import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { contractsManifest } from './build/contracts-manifest.ts';
import { messageChunks } from './build/message-chunks.ts';
import { unusedMantineCss } from './build/unused-mantine-css.ts';

const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('./package.json', import.meta.url)), 'utf8')) as {
  version: string;
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    contractsManifest(),
    messageChunks(),
    // Before the compression below: it compresses the stylesheet as this leaves it.
    unusedMantineCss(),
    // gzip and brotli copies of every file, which the server sends to browsers that accept them (plugins/web-app.ts).
    compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 }),
  ],
  define: {
    // Shown in the footer (spec §9: app version v2.3.24); one source: this package's version.
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(pkg.version),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // The server's CSP is script-src 'self': no inline module-preload polyfill script.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
