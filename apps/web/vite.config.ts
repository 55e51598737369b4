import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

/** `npm run dev`: Vite on 5173 with the API proxied to the server on 8000. */
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_ORIGIN ?? 'http://127.0.0.1:8000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps without the sourceMappingURL comment: the server refuses them unless SERVE_SOURCE_MAPS
    // is set (then it names them in a SourceMap header), so browsers never chase a missing file.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 600,
  },
});
