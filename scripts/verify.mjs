#!/usr/bin/env node
/**
 * `npm run verify -- [--pack pack.json …] game.json [more.json …]`: replays exported game files from their seeds against
 * the real catalog (src/cli/verify.ts, loaded through Vite's ssrLoadModule like scripts/bench.mjs,
 * with no compile step). Exit 0: every file verifies; 1: a recorded result differs from the
 * replay; 2: not a game file. With several files, the worst code.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// File names are taken relative to where the command was run (npm run sets INIT_CWD).
const base = process.env.INIT_CWD ?? process.cwd();
const files = process.argv
  .slice(2)
  .filter((a) => a !== '--')
  .map((f) => (f.startsWith('--') ? f : resolve(base, f)));

const vite = await import('vite').catch((e) => {
  console.error(`verify: cannot import vite (run npm install first): ${e.message}`);
  process.exit(2);
});

const server = await vite.createServer({
  root,
  logLevel: 'error',
  appType: 'custom',
  configFile: false,
  optimizeDeps: { noDiscovery: true, include: [] },
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
});
let code = 2;
try {
  const cli = await server.ssrLoadModule('/src/cli/verify.ts');
  code = await cli.main(files);
} catch (e) {
  console.error(`verify: ${e?.stack ?? e}`);
  code = 2;
} finally {
  await server.close();
}
process.exitCode = code;
