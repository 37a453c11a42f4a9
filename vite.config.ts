/// <reference types="vitest/config" />
import { defineConfig, minify, runnerImport, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { ICONS, iconPng } from './scripts/icons.ts';

/**
 * The bundled game data is checked here, at build time (and by tests/unit/data/every-file.test.ts),
 * not when the app starts: a build with a file that fails its schema or its cross-references stops.
 */
function validateData(): Plugin {
  const json = (f: string): unknown => JSON.parse(readFileSync(f, 'utf8'));
  const files = (dir: string) => {
    try {
      return readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'game.json');
    } catch {
      return [];
    }
  };
  return {
    name: 'wc-validate-data',
    apply: 'build',
    async buildStart() {
      // Loaded through Vite's module runner (the config itself does not import app code).
      const { module } = await runnerImport<typeof import('./src/data/validate.ts')>('/src/data/validate.ts');
      const { validateGame } = module;
      for (const game of readdirSync('tables')) {
        const read = (dir: string) =>
          files(`${dir}/${game}`).map((f) => [`/${dir}/${game}/${f}`, json(`${dir}/${game}/${f}`)] as const);
        try {
          validateGame(
            `/tables/${game}/game.json`,
            json(`tables/${game}/game.json`),
            read('tables'),
            read('scenarios'),
          );
        } catch (e) {
          this.error(`game data: ${(e as Error).message}`);
        }
      }
    },
  };
}

/** The built-in games' ids and names (tables/<game>/game.json), by id. */
function builtInGames(): { id: string; name: { en: string; es: string } }[] {
  return readdirSync('tables')
    .filter((d) => existsSync(`tables/${d}/game.json`))
    .map((d) => {
      const { id, name } = JSON.parse(readFileSync(`tables/${d}/game.json`, 'utf8')) as {
        id: string;
        name: { en: string; es: string };
      };
      return { id, name };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * `virtual:wc-game-list`: the games the home screen lists, their ids and names alone. The rest of
 * each game.json loads with the game's data (src/data/catalog.ts), not with the home screen (issue #14).
 */
function gameList(): Plugin {
  const id = 'virtual:wc-game-list';
  return {
    name: 'wc-game-list',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? `export default ${JSON.stringify(builtInGames())};` : undefined),
  };
}

/**
 * The first frame: the shell's header and the game list as static HTML inside <wc-app>, painted
 * before any script runs (the app's shadow root takes its place when it starts; issue #14). Names in
 * both languages; public/boot.js sets the page's language before the first paint, and CSS shows one.
 */
function firstFrame(): Plugin {
  const esc = (v: string) =>
    v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
  /** Bilingual text. */
  const text = (v: string | { en: string; es: string }) =>
    typeof v === 'string' ? esc(v) : `<span lang="en">${esc(v.en)}</span><span lang="es">${esc(v.es)}</span>`;
  /**
   * The first game's link is named for the browser's Element Timing (when the list is painted, for
   * the bench): Chromium reports text on its block, the link, not on the spans inside it.
   */
  const timing = (k: number) => (k ? '' : ' elementtiming="game-list"');
  return {
    name: 'wc-first-frame',
    async transformIndexHtml(page) {
      const [{ module: english }, { module: spanish }] = await Promise.all([
        runnerImport<typeof import('./src/ui/i18n/common.ts')>('/src/ui/i18n/common.ts'),
        runnerImport<typeof import('./src/ui/i18n/common.es.ts')>('/src/ui/i18n/common.es.ts'),
      ]);
      const [en, es] = [english.common.en, spanish.es];
      const games = builtInGames();
      const both = (key: keyof typeof en & keyof typeof es) => text({ en: en[key], es: es[key] });
      // The home screen's top as the app draws it for a player with no saved game yet, so that the
      // list stays where it was painted when the app takes its place: the saved games and the two
      // file buttons (which work once the app has started) keep their room, drawn inert.
      const frame = `<div class="first-frame">
      <header><h1>${both('app.title')}</h1></header>
      <main>
        <p class="muted">${text({ en: `${en['app.tagline']}. ${en['home.offline']}`, es: `${es['app.tagline']}. ${es['home.offline']}` })}</p>
        <h2>${both('home.sessions')}</h2>
        <p class="muted saved"></p>
        <div class="row" aria-hidden="true"><span class="button">${both('home.import')}</span> <span class="button">${both('verify.button')}</span></div>
        <h2>${both('home.games')}</h2>
        <ul class="games">
          ${games.map((g, k) => `<li><a href="#/game/${encodeURIComponent(g.id)}"${timing(k)}><strong>${text(g.name)}</strong></a></li>`).join('\n          ')}
        </ul>
      </main>
    </div>`;
      return page.replace('<wc-app></wc-app>', `<wc-app>${frame}</wc-app>`);
    },
  };
}

/**
 * The built page paints its first frame before the app's code runs: the entry script and the
 * modules it imports become modulepreload links inside a <template> (inert: nothing is fetched
 * while the first frame is parsed, laid out and painted), and public/boot.js moves them into the
 * head and imports the entry once that frame is painted. Preloaded from the head, the modules'
 * responses were handled on the main thread between the first frame's layout and its paint, and
 * running the entry at once would hold the first paint until it had run (issue #14).
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'wc-start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(page) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        if (!entry.test(page)) throw new Error('startAfterFirstPaint: no entry script in index.html');
        const links: string[] = [];
        page = page.replace(entry, (_, src: string) => {
          links.push(`<link rel="modulepreload" crossorigin href="${src}" data-entry>`);
          return '';
        });
        page = page.replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, (link) => {
          links.push(link.trim());
          return '';
        });
        return page.replace('</head>', `  <template id="wc-modules">${links.join('')}</template>\n  </head>`);
      },
    },
  };
}

/**
 * public/boot.js inlined into the built page, allowed by its hash in the Content-Security-Policy
 * (`script-src 'self' 'sha256-…'`, no 'unsafe-inline'): a render-blocking script fetched through the
 * service worker held the first paint by a round trip (issue #14). The dev server loads the file.
 */
function inlineBoot(): Plugin {
  let outDir = '';
  return {
    name: 'wc-inline-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(page) {
        const tag = /<script\s+src="\.\/boot\.js"><\/script>/;
        if (!tag.test(page)) throw new Error('inlineBoot: no boot.js script in index.html');
        // Minified, like the app's modules: its comments and names are for the file's readers.
        const { code } = await minify('boot.js', readFileSync('public/boot.js', 'utf8'), {
          compress: true,
          mangle: true,
        });
        if (code.includes('</script')) throw new Error('inlineBoot: boot.js cannot be inlined');
        const hash = createHash('sha256').update(code).digest('base64');
        const csp = /script-src 'self'/;
        if (!csp.test(page)) throw new Error("inlineBoot: no script-src 'self' in the page's policy");
        return page.replace(tag, () => `<script>${code}</script>`).replace(csp, `script-src 'self' 'sha256-${hash}'`);
      },
    },
    // Inlined, the file itself is not served (nor precached: workbox.globIgnores).
    closeBundle() {
      rmSync(resolve(outDir, 'boot.js'), { force: true });
    },
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
  };
}

/**
 * A smaller stand-in for Vite's module preload helper (\0vite/preload-helper.js, which every
 * `import()` of the app goes through): the same modulepreload links for a chunk's imports, without
 * the stylesheet handling (the app has no CSS chunks: Lit's styles are in its modules) and the
 * `vite:preloadError` event (nothing listens to it). The home screen loads it (issue #14).
 */
function smallPreloadHelper(): Plugin {
  const id = '\0vite/preload-helper.js';
  return {
    name: 'wc-small-preload-helper',
    enforce: 'pre',
    apply: 'build',
    load: (resolved) =>
      resolved === id
        ? `const seen = {};
export const __vitePreload = (load, deps, importer) => {
  for (const dep of deps ?? []) {
    const href = new URL(dep, importer).href;
    if (seen[href]) continue;
    seen[href] = 1;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  return load();
};`
        : undefined,
  };
}

/** Emits the app icons into the build (drawn by scripts/icons.ts) and serves them in dev. */
function icons(): Plugin {
  return {
    name: 'wc-icons',
    generateBundle() {
      for (const i of ICONS) this.emitFile({ type: 'asset', fileName: i.file, source: iconPng(i.size, i.maskable) });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const i = ICONS.find((x) => req.url === `/${x.file}`);
        if (!i) return next();
        res.setHeader('Content-Type', 'image/png');
        res.end(iconPng(i.size, i.maskable));
      });
    },
  };
}

export default defineConfig({
  // Relative base: dist/ works from any static host and any sub-path (https://host/some/path/).
  base: './',
  build: {
    target: 'es2022',
    sourcemap: false,
    // No modulepreload polyfill: every browser that runs es2022 modules preloads them itself (issue #14).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The home screen's modules (those src/main.ts reaches through static imports: `$initial`)
        // in one chunk. Left to itself, the bundler gives each set of modules that some lazily loaded
        // screen also imports a chunk of its own (Lit, the schemas, the stored games, the pack shelf):
        // the home screen then loaded six files, each gzipped on its own, with the imports and
        // exports between them — 1.4 KB more than the same code in one file (issue #29).
        codeSplitting: { groups: [{ name: 'home', tags: ['$initial'] }] },
      },
    },
  },
  plugins: [
    smallPreloadHelper(),
    icons(),
    gameList(),
    firstFrame(),
    startAfterFirstPaint(),
    inlineBoot(),
    validateData(),
    VitePWA({
      // Our own worker (src/sw/sw.ts): Workbox's precache and navigation route, and the saved
      // language and theme written into the page it serves (issue #14).
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // 'prompt': a new version waits until the player chooses to update; never a reload mid-game.
      registerType: 'prompt',
      injectRegister: false,
      includeManifestIcons: false,
      manifest: {
        name: 'Wargame Companion',
        short_name: 'Companion',
        description: 'Chit cups, dice and combat results tables for printed board wargames, offline.',
        lang: 'en',
        start_url: '.',
        scope: '.',
        display: 'standalone',
        background_color: '#12150f',
        theme_color: '#3b4a2f',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // App shell, code and every game-data chunk are precached: after the first visit nothing needs the network.
        globPatterns: ['**/*.{js,css,html,png,svg}'],
        globIgnores: ['boot.js', 'sw.js'],
        // One classic script (no imports), as the page registers it.
        rollupFormat: 'iife',
      },
    }),
  ],
  test: {
    projects: [
      {
        extends: true,
        // tests/unit/composition.ts hands the games' registries down, as src/main.ts does in the app.
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/unit/composition.ts'],
          // The linked-device tests wait for messages between in-memory devices: on a loaded 2-core
          // runner a test may take longer than Vitest's 5 s default without anything being wrong.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // Offline end-to-end: one production build + `vite preview` (global setup), real Chromium via playwright-core.
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // On CI only, a failed e2e test runs once more before it counts as failed: a loaded 2-core
          // runner can still starve a browser past a wait. The waits are meant to hold without it; a
          // test that passes only on its retry is listed as flaky in the JSON report (its retryCount).
          retry: process.env.CI === 'true' ? 1 : 0,
          // What appears after an action is waited for (`expect.poll`), up to 15 s on a loaded machine.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
