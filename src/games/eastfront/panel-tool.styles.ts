import { css } from 'lit';
import { base } from '../../ui/styles';

/** The look every EastFront tool shares: dice, chance bars, the blocks' rows, results. */
export const toolStyles = [
  base,
  css`
    .dice {
      display: flex;
      flex-wrap: wrap;
      gap: 0.25rem;
      align-items: center;
    }
    .die {
      width: 2rem;
      height: 2rem;
      font-size: 1.05rem;
    }
    .die.rep {
      outline: 3px dashed var(--warn);
      outline-offset: -3px;
    }
    .bars {
      display: grid;
      grid-template-columns: 4.5rem 1fr 3.6rem;
      gap: 0.15rem 0.4rem;
      align-items: center;
      font-size: 0.9rem;
    }
    .bar {
      height: 0.8rem;
      background: var(--accent);
      border-radius: 4px;
    }
    .blk {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3rem;
      align-items: flex-end;
      border-top: 1px solid var(--border);
      padding: 0.3rem 0;
    }
    .blk input.lbl {
      width: 4.2rem;
    }
    .blk input.cv {
      width: 3.4rem;
    }
    label.inline {
      flex-direction: row;
      align-items: center;
      min-height: 44px;
      gap: 0.4rem;
    }
    label.inline input {
      min-height: auto;
      min-width: auto;
      width: 1.3rem;
      height: 1.3rem;
    }
    .result {
      border-left: 4px solid var(--accent);
      padding-left: 0.6rem;
      margin: 0.4rem 0;
    }
    .result strong.head {
      font-size: 1.15rem;
    }
    .result ul {
      margin: 0.2rem 0;
      padding-left: 1.1rem;
      font-size: 0.9rem;
    }
    .status span.tag {
      font-size: 0.8rem;
      color: var(--muted);
    }
    .status li.out {
      text-decoration: line-through;
      color: var(--muted);
    }
  `,
];
