import { css } from 'lit';
import { base } from '../../ui/styles';

/** <wc-grossdeutschland-panel>: Grossdeutschland's turn panel (reminders, steps, the forms' grid). */
export const gdPanelStyles = [
  base,
  css`
    ul.reminders {
      margin: 0 0 0.5rem;
      padding-left: 1.2rem;
      border-left: 0.25rem solid var(--accent);
      font-size: 0.95rem;
    }
    nav.steps {
      margin-top: 0.4rem;
      padding-left: 0.8rem;
      border-left: 0.25rem solid var(--border);
    }
    nav.steps button {
      padding-inline: 0.5rem;
    }
    p.summary {
      margin: 0.5rem 0;
    }
    /* The steps, the units and the fortifications two a line on a phone (more where they fit): the combat's Resolve stays near the top. */
    .grid {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
      gap: 0.3rem 0.5rem;
      align-items: end;
    }
    .grid input[type='text'],
    .grid select {
      width: 100%;
      box-sizing: border-box;
    }
    /* A folded part of a form: its line keeps the disclosure marker and is a 44 px target. */
    details.fold > summary {
      cursor: pointer;
      padding: 0.65rem 0;
    }
    nav button[aria-current='step'] {
      background: var(--accent);
      color: var(--on-accent);
      border-color: var(--accent);
    }
  `,
];
