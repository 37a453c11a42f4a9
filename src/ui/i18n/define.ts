/** A block of messages in both languages; the type makes a missing Spanish (or English) key a compile error. */
export type Messages<K extends string> = { readonly en: Record<K, string>; readonly es: Record<K, string> };
export const defineMessages = <K extends string>(m: Messages<K>): Messages<K> => m;
