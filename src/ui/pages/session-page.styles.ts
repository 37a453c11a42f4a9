import { css } from 'lit';
import { base } from '../styles';

/** <wc-session-page>: the heading, the tools and their tabs, the result column, and the result shown across the table. */
export const sessionPageStyles = [
  base,
  css`
    .top {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      gap: 0.2rem 0.7rem;
      margin: 0.2rem 0 0.4rem;
    }
    .top h2 {
      margin: 0;
      font-size: 1.2rem;
      min-width: 0;
      overflow-wrap: anywhere;
    }
    .top .back {
      font-size: 0.95rem;
    }
    /* Phones: one column; the latest result is a sheet over the bottom of the screen. Tablets: tools | result and log. */
    .layout {
      display: grid;
      grid-template-columns: minmax(0, 1fr);
      gap: 0 1.2rem;
    }
    /* Joint randomness (issue #33): a roll that waits, said under the roll buttons. */
    .joint-notice {
      border-left: 4px solid var(--accent, currentColor);
      padding: 0.4rem 0.6rem;
      margin: 0.6rem 0 0;
    }
    .controls {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3rem 0.8rem;
      align-items: center;
      font-size: 0.9rem;
    }
    .seg {
      display: inline-flex;
      flex-wrap: wrap;
      gap: 0.25rem;
      align-items: center;
    }
    .seg > span {
      color: var(--muted);
    }
    .seg button {
      min-height: 40px;
      padding: 0.25rem 0.7rem;
      font-size: 0.9rem;
    }
    /*
     * Every tool's tab in view at 390 px (and 360 px): they wrap onto a second line rather than hide off the
     * edge. A long label (Spanish "Tirar en una tabla") wraps inside its tab, onto two balanced lines, so the
     * strip keeps to two lines at 360 px; each tab stays a big target (44 px at least each way).
     */
    [role='tablist'] {
      display: flex;
      flex-wrap: wrap;
      gap: 0 0.2rem;
      margin: 0.5rem 0 0;
      border-bottom: 2px solid var(--border);
    }
    [role='tab'] {
      flex: 0 0 auto;
      max-width: 7em;
      /* A long single word ("Recipientes") widens its tab rather than overflow it (min-width wins over max-width). */
      min-width: min-content;
      min-height: 44px;
      text-wrap: balance;
      line-height: 1.2;
      padding: 0.4rem 0.55rem;
      border: none;
      border-radius: 10px 10px 0 0;
      background: transparent;
      border-bottom: 3px solid transparent;
      margin-bottom: -2px;
    }
    [role='tab'][aria-selected='true'] {
      border-bottom-color: var(--accent);
      color: var(--fg);
      background: var(--surface);
    }
    #panel {
      padding: 0.6rem 0 0.4rem;
    }
    /*
     * Phones: the latest result is a sheet over the bottom of the screen (latest-result.styles.ts). The
     * page keeps room for it below its last control, and the document's scroll-padding-bottom is the
     * sheet's height (set in syncSheetRoom), so a control scrolled into view or focused lands above it.
     */
    .layout {
      padding-bottom: calc(var(--sheet-room, 4rem) + 1rem);
    }
    @media (min-width: 900px) {
      .layout {
        grid-template-columns: minmax(0, 1.15fr) minmax(20rem, 1fr);
        padding-bottom: 0;
      }
      /*
       * Tablets: the result column beside the tools, kept in view below the app's sticky header: the
       * result at its top (bounded, scrolling inside), the settings, the luck and the log under it in a
       * region of their own that scrolls. The two never overlap: Undo and the log's filters stay reachable.
       */
      .side {
        grid-column: 2;
        grid-row: 1 / span 2;
        position: sticky;
        top: var(--app-header, 3.2rem);
        align-self: start;
        display: flex;
        flex-direction: column;
        /*
         * A sticky column stays in view only while its container reaches below it: at the page's end
         * the app's main keeps 4rem under the layout, so the column is that much (and the header,
         * --app-header, src/ui/app.ts) shorter than the screen, and never slides under the header.
         */
        max-height: calc(100vh - var(--app-header, 3.2rem) - 4.4rem);
      }
      .side .rest {
        flex: 1 1 auto;
        min-height: 0;
        overflow-y: auto;
        overscroll-behavior: contain;
      }
    }
    .readonly {
      border: 2px solid var(--warn);
    }
    .across {
      position: fixed;
      inset: 0;
      z-index: 30;
      background: var(--bg);
      display: flex;
      flex-direction: column;
      align-items: center;
      justify-content: center;
      gap: 1.2rem;
      padding: 1rem;
      text-align: center;
    }
    .across .big {
      font-size: clamp(4rem, 22vw, 12rem);
      font-weight: 900;
      line-height: 1;
    }
    .across .what {
      font-size: clamp(1.3rem, 5vw, 2.6rem);
      font-weight: 700;
      max-width: 40rem;
    }
    .across.flipped .shown {
      transform: rotate(180deg);
    }
    .shown {
      display: flex;
      flex-direction: column;
      align-items: center;
      gap: 1rem;
    }
  `,
];
