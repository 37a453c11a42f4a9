// Modules made by the build (vite.config.ts).
declare module 'virtual:wc-game-list' {
  const games: readonly { readonly id: string; readonly name: { readonly en: string; readonly es: string } }[];
  export default games;
}
