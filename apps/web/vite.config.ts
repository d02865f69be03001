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
  server: {
    proxy: { '/api': server, '/admin-api': server, '/sync-api': server },
  },
});
