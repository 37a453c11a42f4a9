import { css } from 'lit';
import { common } from '../styles-common';

/** <wc-home-page>: the grid of games. Part of the first download, as the page. */
export const homePageStyles = [
  common,
  css`
    .games {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
      gap: 0.6rem;
    }
    .games a {
      display: block;
      text-decoration: none;
      color: inherit;
      min-height: 44px;
    }
    .games a strong {
      font-size: 1.1rem;
    }
  `,
];
