import { css } from 'lit';
import { base } from '../../ui/styles';

/** <wc-gd-events>: the event chits (in play, out of play). */
export const gdEventsStyles = [
  base,
  css`
    .st-active {
      font-weight: 700;
    }
    .st-out {
      text-decoration: line-through;
    }
  `,
];
