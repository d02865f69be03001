import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const server = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // @fleet/contract exports its TypeScript source under "source": no contract build needed.
    conditions: ['source', ...defaultClientConditions],
    tsconfigPaths: true,
  },
  build: {
    // Every browser the portal supports has <link rel="modulepreload"> (Chromium, Firefox 115+,
    // Safari 17+): Vite's polyfill for it would be 0.3 kB of the sign-in page's 150 kB.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': server, '/admin-api': server, '/sync-api': server },
  },
});
