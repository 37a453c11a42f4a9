/**
 * The packs on this device: install (a file read whole and checked first: a bad pack changes
 * nothing), list (the newest version of each pack on the home screen), export, remove, and the
 * game of one pack version for the catalog (src/data/catalog.ts asks for ids it has not built in).
 *
 * Every version installed is kept under its game id (`<pack id>@<hash>`): a game in progress keeps
 * the version it started with, so it replays and verifies after the pack is updated.
 */
import { issue, type GameData, type Issue, type ScenarioData, type TableData } from '../engine';
import type { StoredPack } from '../persistence/db';
import type { PackRepo } from '../persistence/packs';
export type { PackEntry } from './shelf';
import { shelfOf, type PackEntry } from './shelf';
import { bothLanguages, bundleOf, packGameId, packText, readPack, readPackFiles, type Pack } from './format';

export type InstallResult =
  | { readonly ok: true; readonly key: string; readonly id: string; readonly replaced?: string }
  | { readonly ok: false; readonly issues: Issue[] };

export interface PackGame {
  readonly game: GameData;
  readonly tables: TableData[];
  readonly scenarios: ScenarioData[];
}

export class PackLibrary {
  constructor(
    private readonly repo: PackRepo,
    /** Ids of the built-in games: a pack may not take one. */
    private readonly reserved: readonly string[],
    private readonly now: () => string,
  ) {}

  /** A stored record, checked again as a file is (storage can be edited or damaged). */
  private read(r: StoredPack): Pack | undefined {
    const p = readPack(JSON.stringify(r.pack), this.reserved);
    return p.ok && packGameId(p.value) === r.key ? p.value : undefined;
  }

  /** The newest shown version of each pack, by name. */
  async list(): Promise<PackEntry[]> {
    return shelfOf(await this.repo.all());
  }

  /** Checks a pack file whole, then stores it as the newest version of its pack. */
  async install(text: string): Promise<InstallResult> {
    const r = readPack(text, this.reserved);
    if (!r.ok) return r;
    return this.store(r.value);
  }

  /** The same for a pack given as several files (./format readPackFiles). */
  async installFiles(files: readonly { name: string; text: string }[]): Promise<InstallResult> {
    const r = readPackFiles(files, this.reserved);
    if (!r.ok) return r;
    return this.store(r.value);
  }

  /** Stores a pack made in the app (checked as a file is). */
  async save(p: Pack): Promise<InstallResult> {
    return this.install(packText(p));
  }

  private async store(p: Pack): Promise<InstallResult> {
    const key = packGameId(p);
    // A version names one content: the same version number with other content is refused, so a
    // game file's version always means one set of tables.
    const clash = (await this.repo.all()).find(
      (r) => r.id === p.manifest.id && r.version === p.manifest.version && r.key !== key,
    );
    if (clash)
      return {
        ok: false,
        issues: [issue('$.manifest.version', 'version-taken', { version: p.manifest.version, id: p.manifest.id })],
      };
    const previous = (await this.list()).find((e) => e.id === p.manifest.id);
    await this.repo.put({
      key,
      id: p.manifest.id,
      version: p.manifest.version,
      savedAt: this.now(),
      name: bothLanguages(p.manifest.name),
      author: p.manifest.author,
      pack: p,
    });
    return {
      ok: true,
      key,
      id: p.manifest.id,
      ...(previous && previous.key !== key ? { replaced: previous.version } : {}),
    };
  }

  /** The pack of a game id (`<pack id>@<hash>`), hidden versions included. */
  async pack(key: string): Promise<Pack | undefined> {
    const r = await this.repo.get(key);
    return r && this.read(r);
  }

  /** The file of a pack version, as exported. */
  async exportText(key: string): Promise<string | undefined> {
    const p = await this.pack(key);
    return p && packText(p);
  }

  /** The game of one pack version (hidden versions too: their games in progress still open). */
  async find(key: string): Promise<PackGame | undefined> {
    const p = await this.pack(key);
    return p && bundleOf(p);
  }

  /**
   * Takes a pack off this device: its versions no game uses are deleted; those a game in
   * progress started from are hidden, so those games still open and verify.
   */
  async remove(id: string, inUse: ReadonlySet<string>): Promise<{ kept: number }> {
    const versions = (await this.repo.all()).filter((r) => r.id === id);
    const hide = versions.filter((v) => inUse.has(v.key));
    await this.repo.remove(
      versions.filter((v) => !inUse.has(v.key)).map((v) => v.key),
      hide,
    );
    return { kept: hide.length };
  }
}

const libraries = new WeakMap<PackRepo, Promise<PackLibrary | undefined>>();

/**
 * The pack library over a device's pack store (the one the composition root handed the app's store,
 * `store.packs`; undefined where there is none, e.g. no IndexedDB): one library per store.
 */
export function packLibrary(repo: PackRepo | undefined): Promise<PackLibrary | undefined> {
  if (!repo) return Promise.resolve(undefined);
  let library = libraries.get(repo);
  if (!library) {
    library = import('../data/catalog')
      .then(
        ({ games }) =>
          new PackLibrary(
            repo,
            games.map((g) => g.id),
            () => new Date().toISOString(),
          ),
      )
      .catch(() => undefined);
    libraries.set(repo, library);
  }
  return library;
}
