/** A block of messages in both languages; the type makes a missing Spanish (or English) key a compile error. */
export type Messages<K extends string> = { readonly en: Record<K, string>; readonly es: Record<K, string> };
export const defineMessages = <K extends string>(m: Messages<K>): Messages<K> => m;

/** The keys of one block of messages, or of each block of a union (distributive). */
export type KeysOf<M> = M extends { readonly en: infer E } ? keyof E & string : never;

/**
 * `true` when every procedure id has its title `proc.<id>` in one of the blocks, else the missing
 * keys: a game's `ui.ts` assigns `true` to it, so a procedure without a title does not compile.
 */
export type AllProceduresTitled<Id extends string, Blocks extends readonly Messages<string>[]> = [
  Exclude<`proc.${Id}`, KeysOf<Blocks[number]>>,
] extends [never]
  ? true
  : { readonly missingTitles: Exclude<`proc.${Id}`, KeysOf<Blocks[number]>> };

/**
 * A block of the first download split by language (issue #14): its English, always loaded (and the
 * fallback of every key), and its Spanish in a file of its own (`SpanishOf` the block), loaded for a
 * player who reads Spanish (src/ui/i18n/index.ts loadLanguage).
 */
export type EnglishBlock<K extends string> = { readonly en: Record<K, string> };
export const englishBlock = <K extends string>(en: Record<K, string>): EnglishBlock<K> => ({ en });
/** The Spanish of a block split by language: every key of its English, no other (else it does not compile). */
export type SpanishOf<B> = B extends EnglishBlock<infer K> ? Record<K, string> : never;
