import { css } from 'lit';
import { common } from './styles-common';

/** <wc-app>: the shell's header, main column and skip link. Part of the first download, as the shell. */
export const appStyles = [
  common,
  css`
    :host {
      display: block;
      min-height: 100vh;
    }
    header {
      position: sticky;
      top: 0;
      z-index: 5;
      background: var(--surface);
      border-bottom: 1px solid var(--border);
      display: flex;
      align-items: center;
      gap: 0.4rem;
      padding: 0.2rem 0.6rem;
    }
    /* The link strip (when devices are linked) is the header's second line: it stays in view with it. */
    header {
      flex-wrap: wrap;
    }
    header h1 {
      font-size: 1.05rem;
      margin: 0;
      flex: 1 1 0;
      min-width: 0;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    header button {
      min-height: 40px;
      padding: 0.2rem 0.6rem;
      font-size: 0.9rem;
      border-width: 1px;
    }
    header h1 a {
      color: inherit;
      text-decoration: none;
    }
    main {
      max-width: 62rem;
      margin: 0 auto;
      /* While the problem banner shows, room for it below the page's last control (app-notices.ts). */
      padding: 0.5rem 0.8rem max(4rem, var(--problem-room, 0px));
    }
    .skip {
      position: absolute;
      left: -999px;
    }
    .skip:focus {
      left: 0.5rem;
      top: 0.5rem;
      z-index: 20;
      background: var(--surface);
      padding: 0.5rem;
    }
  `,
];
