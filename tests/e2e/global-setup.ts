/**
 * Global setup of the `e2e` vitest project: ONE production build of the app, served by
 * `vite preview` on a free port of 127.0.0.1 for the whole e2e run. Tests get the URL with
 * `inject('baseUrl')`.
 *
 * The build goes to a directory of its own under the system's temporary directory (not dist/, nor
 * node_modules/.cache, which worktrees may share through a linked node_modules), so a build run by
 * someone else at the same time cannot swap the files under the running tests. It is removed after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** e.g. http://127.0.0.1:41234/ (always ends with '/'). */
    baseUrl: string;
    /**
     * Set when the build or the preview server failed: every e2e test then fails with this message,
     * while the other vitest projects still run and report (a throwing global setup would abort them).
     */
    e2eSetupError: string;
    /** The folder the app was built into (a test that serves the files itself reads them there). */
    e2eDist: string;
  }
}

/** A port that was free a moment ago (preview then binds it with strictPort). */
function freePort(host: string): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, host, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? ok(port) : fail(new Error('could not get a free port'))));
    });
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = project.config.root;
  const outDir = mkdtempSync(join(tmpdir(), 'wc-e2e-dist-'));
  const host = '127.0.0.1';

  // Vitest sets NODE_ENV=test; a build under it would not be a production build (Lit dev mode etc.).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const t0 = performance.now();
  project.provide('baseUrl', '');
  project.provide('e2eSetupError', '');
  project.provide('e2eDist', outDir);
  const fail = (what: string, e: unknown) => {
    const msg = `e2e global setup: ${what} failed, so no e2e test can run:\n${String((e as Error)?.message ?? e)}`;
    console.error(`[e2e] ${msg}`);
    project.provide('e2eSetupError', msg);
    return async () => {};
  };
  try {
    await build({ root, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } catch (e) {
    return fail('`vite build` of the app', e);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const built = performance.now();

  let server: PreviewServer | undefined;
  for (let attempt = 0; !server; attempt++) {
    const port = await freePort(host);
    try {
      server = await preview({
        root,
        logLevel: 'warn',
        build: { outDir },
        preview: { host, port, strictPort: true, open: false },
      });
      project.provide('baseUrl', `http://${host}:${port}/`);
    } catch (e) {
      if (attempt >= 4) return fail('`vite preview`', e); // else the port was taken meanwhile: try another
    }
  }
  console.log(
    `[e2e] build ${((built - t0) / 1000).toFixed(1)} s; serving ${outDir} at ${server.resolvedUrls?.local[0] ?? '?'}`,
  );

  return async () => {
    await server?.close();
    rmSync(outDir, { recursive: true, force: true });
  };
}
