/**
 * The built app served by a bare static file server that knows nothing of it (for the sub-path and
 * update tests): the files of dist/ under `base`, 404 for anything else; `rewrite` may change a
 * file's body as it is served (a new version of sw.js).
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { inject } from 'vitest';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

export interface StaticServer {
  readonly server: Server;
  /** The server's origin, without a trailing slash. */
  readonly origin: string;
}

export function serveDist(
  base: string,
  rewrite: (file: string, body: Buffer) => Buffer | string = (_, body) => body,
): Promise<StaticServer> {
  // Where tests/e2e/global-setup.ts builds the app.
  const dist = inject('e2eDist');
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(base)) {
      response.writeHead(404).end('not here');
      return;
    }
    const file = normalize(path.slice(base.length) || 'index.html');
    if (file.startsWith('..')) {
      response.writeHead(403).end();
      return;
    }
    readFile(join(dist, file)).then(
      (body) =>
        response
          .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
          .end(rewrite(file, body)),
      () => response.writeHead(404).end('not found'),
    );
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      ok({ server, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    }),
  );
}
