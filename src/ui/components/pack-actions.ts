/**
 * What the pack list (./pack-list.ts) does when asked: import, export and delete packs. Loaded on
 * the first of these taps, with the pack library (issue #14: the home screen shows the list alone).
 */
import type { Store } from '../../app/store';
import { formatIssues } from '../../engine/issue-text';
import type { PackEntry } from '../../packs/shelf';
import { t, tx } from '../i18n';
import { AnnounceEvent, downloadText, readFileText } from '../events';

/** The list these act for. */
export interface PackListHost extends EventTarget {
  readonly store: Store;
  readonly packs?: readonly PackEntry[];
  refresh(): Promise<void>;
}

async function library(host: PackListHost) {
  const lib = await (await import('../../packs/library')).packLibrary(host.store.packs);
  if (!lib) host.store.report({ key: 'packs.unavailable' });
  return lib;
}

/** Imports one pack file, or the files of one pack (a manifest, tables and scenarios). */
export async function importPacks(host: PackListHost, picked: readonly File[]) {
  const lang = host.store.getState().lang;
  try {
    const files = await Promise.all(picked.map(async (f) => ({ name: f.name, text: await readFileText(f) })));
    const lib = await library(host);
    if (!lib) return;
    const r = await lib.installFiles(files);
    if (!r.ok) {
      host.store.report({ key: 'packs.invalid', detail: formatIssues(r.issues), issues: r.issues });
      return;
    }
    await host.refresh();
    const name = tx(lang, host.packs?.find((p) => p.id === r.id)?.name) || r.id;
    host.dispatchEvent(
      new AnnounceEvent(
        r.replaced ? t(lang, 'packs.updated', { name, from: r.replaced }) : t(lang, 'packs.imported', { name }),
      ),
    );
  } catch (err) {
    host.store.report({ key: 'packs.invalid', detail: (err as Error).message });
  }
}

export async function exportPack(host: PackListHost, p: PackEntry) {
  const text = await (await library(host))?.exportText(p.key);
  if (text) downloadText(`${p.id}-${p.version}.pack.json`, text);
}

/** Deletes a pack (not one a saved game uses: the library refuses it). */
export async function deletePack(host: PackListHost, p: PackEntry) {
  const lib = await library(host);
  if (!lib) return;
  const inUse = new Set(host.store.getState().sessions.map((s) => s.game));
  try {
    await lib.remove(p.id, inUse);
  } catch (err) {
    host.store.report({ key: 'error.unexpected', detail: (err as Error).message });
  }
  await host.refresh();
  const lang = host.store.getState().lang;
  host.dispatchEvent(new AnnounceEvent(t(lang, 'packs.deleted', { name: tx(lang, p.name) })));
}
