/**
 * The inputs every tool of a game in progress takes (dice, tables, combat, cups, turn panels): the
 * store, the open game, and whether the players roll real dice. A tool re-renders on every store
 * change. Subclasses add their own styles and template.
 */
import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import type { Current, Lang, Store } from '../../app/store';
import { StoreController } from '../store-controller';

export class SessionTool extends LitElement {
  @property({ attribute: false }) store!: Store;
  @property({ attribute: false }) current!: Current;
  /** The players roll real dice and type the faces in. */
  @property({ type: Boolean }) physical = false;
  protected readonly ctl = new StoreController(this, () => this.store);

  /** The language the players chose. */
  protected get language(): Lang {
    return this.store.getState().lang;
  }
  /** The readings of unclear rules in force: the game's defaults, then this game's settings. */
  protected get readings(): Record<string, string> {
    return { ...this.current.ctx.readings, ...this.current.session.settings.readings };
  }
}
