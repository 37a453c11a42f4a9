import { css } from 'lit';
import { base } from '../styles';

/** <wc-cup-panel>: the scenario's cups, their draws and the chits set aside. */
export const cupPanelStyles = [
  base,
  css`
    wc-hidden-cup {
      display: block;
    }
    /*
     * A chit on the drawer's phone (issue #33): its row while it unlocks ("Chit N: the other phone is
     * unlocking it…") and once shown (its name, its Show button under it) have the same box: two
     * lines of text (at least), then the button's line (3rem: the 44 px button and its border), kept empty while it unlocks. The chit is
     * swapped in place and nothing below it moves: the frame that shows it lays out and paints
     * that row, not the whole page.
     */
    .hidden-row {
      display: grid;
      grid-template-rows: minmax(2lh, auto) minmax(3rem, auto);
      gap: 0.3rem;
      margin: 0 0 0.5rem;
    }
    .hidden-row > button {
      justify-self: start;
    }
  `,
];
