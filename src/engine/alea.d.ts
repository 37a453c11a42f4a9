/** seedrandom's alea generator alone (the package's lib/alea.js): the app bundles none of its other five. */
declare module 'seedrandom/lib/alea.js' {
  import type seedrandom from 'seedrandom';
  const alea: seedrandom['alea'];
  export default alea;
}
