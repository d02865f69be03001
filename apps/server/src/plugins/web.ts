import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE, DEVICE_API_BASE, ErrorCode } from '@fleet/contract';

const API_PREFIXES = [...Object.values(API_BASE), DEVICE_API_BASE].map((base) => `${base}/`);
const isApiPath = (url: string) =>
  API_PREFIXES.some((p) => url === p.slice(0, -1) || url.startsWith(p));

/**
 * Serves the built web app. Client routes (/overview, /entities/…) fall back
 * to index.html; unknown API paths answer a JSON 404.
 */
export default fp(
  async function web(app: FastifyInstance, opts: { root: string }) {
    const available = existsSync(path.join(opts.root, 'index.html'));
    if (available) {
      await app.register(fastifyStatic, {
        root: opts.root,
        // The web build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
        preCompressed: true,
        setHeaders: (res, file) => {
          // Vite puts a content hash in every file name under assets/.
          const immutable = file.includes(`${path.sep}assets${path.sep}`);
          res.setHeader(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn({ root: opts.root }, 'the web app is not built; run npm run build');
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (available && request.method === 'GET' && !isApiPath(url)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply
        .status(404)
        .send({ code: ErrorCode.NOT_FOUND, message: `No route for ${request.method} ${url}` });
    });
  },
  { name: 'web' },
);
