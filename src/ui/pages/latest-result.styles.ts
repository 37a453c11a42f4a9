import { css } from 'lit';
import { base } from '../styles';

/**
 * <wc-latest-result>. Phones: the latest result is a sheet over the bottom of the screen; open, it is
 * bounded (its explanation scrolls inside it); folded, it is one line. Tablets: the top of the page's
 * result column. The host adds no box of its own: the sheet is laid out in the page's column.
 */
export const latestResultStyles = [
  base,
  css`
    :host {
      display: contents;
    }
    .latest {
      position: fixed;
      left: 0;
      right: 0;
      bottom: 0;
      z-index: 25;
      display: flex;
      flex-direction: column;
      max-height: min(50vh, 30rem);
      background: var(--surface);
      border-top: 3px solid var(--accent);
      border-radius: 16px 16px 0 0;
      box-shadow: 0 -6px 24px rgb(0 0 0 / 35%);
      padding: 0.35rem 0.9rem calc(0.35rem + env(safe-area-inset-bottom));
    }
    .latest .sheet-head {
      flex: none;
      display: flex;
      align-items: center;
      gap: 0.4rem;
      justify-content: space-between;
      min-width: 0;
    }
    .latest .sheet-head h3 {
      margin: 0;
      font-size: 0.85rem;
      font-weight: 600;
      color: var(--muted);
      text-transform: uppercase;
      letter-spacing: 0.04em;
    }
    .latest .sheet-head .row {
      flex: none;
      flex-wrap: nowrap;
      gap: 0.35rem;
    }
    .latest .sheet-head button {
      min-height: 44px;
      padding: 0.2rem 0.7rem;
      font-size: 0.9rem;
    }
    .latest .line {
      flex: 1 1 auto;
      min-width: 0;
    }
    /* Folded: the heading is for screen readers only; the line shows the result. */
    .latest.folded .sheet-head h3 {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    .latest .sheet-body {
      flex: 1 1 auto;
      min-height: 0;
      overflow-y: auto;
      overscroll-behavior: contain;
    }
    @media (min-width: 900px) {
      .latest {
        position: static;
        flex: none;
        max-height: 45vh;
        border: 2px solid var(--accent);
        border-radius: 14px;
        box-shadow: none;
        margin: 0.5rem 0;
        padding: 0.5rem 0.9rem;
      }
    }
  `,
];
