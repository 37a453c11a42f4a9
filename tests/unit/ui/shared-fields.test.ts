// @vitest-environment happy-dom
// The game-neutral pieces the turn panels and tools share: labelled fields bound to a value
// (src/ui/fields.ts), the form handler that reads fields by name (src/ui/submit.ts), the hand-off
// question before a side's private information shows (src/ui/hand-off.ts), and printed notes
// (src/ui/notes-section.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { html, render } from 'lit';
import type { Store } from '../../../src/app/store';
import { checkField, numberField, textField } from '../../../src/ui/fields';
import { onSubmit } from '../../../src/ui/submit';
import { handOffConfirm } from '../../../src/ui/hand-off';
import { notesSection } from '../../../src/ui/notes-section';

let host: HTMLElement;
const mount = (template: unknown) => {
  host = document.createElement('div');
  document.body.append(host);
  render(template, host);
  return host;
};
afterEach(() => host.remove());

const type = (input: HTMLInputElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new Event('input'));
};

describe('textField', () => {
  it('shows its value under its label and reports each keystroke', () => {
    const typed: string[] = [];
    const r = mount(
      textField('Unit', '3/GD', (v) => typed.push(v), { name: 'unit', list: 'known', placeholder: 'e.g. 1/GD' }),
    );
    const input = r.querySelector('input')!;
    expect(r.querySelector('label')!.textContent).toContain('Unit');
    expect([input.value, input.name, input.getAttribute('list'), input.placeholder]).toEqual([
      '3/GD',
      'unit',
      'known',
      'e.g. 1/GD',
    ]);
    type(input, '3/GDx');
    expect(typed).toEqual(['3/GDx']);
  });

  it('without a callback is a field its form reads when submitted', () => {
    const r = mount(textField('Day', '2', undefined, { name: 'day', inputmode: 'numeric' }));
    const input = r.querySelector('input')!;
    type(input, '5');
    expect([input.value, input.inputMode]).toEqual(['5', 'numeric']);
  });
});

describe('checkField', () => {
  it('is a checkbox with its label on one line, reporting each change', () => {
    const changes: boolean[] = [];
    const r = mount(checkField('Engineer', false, (on) => changes.push(on), { name: 'engineer', testid: 'eng' }));
    const box = r.querySelector<HTMLInputElement>('label.inline input[type=checkbox]')!;
    expect([box.checked, box.name, box.dataset['testid']]).toEqual([false, 'engineer', 'eng']);
    expect(box.closest('label')!.textContent).toContain('Engineer');
    box.checked = true;
    box.dispatchEvent(new Event('change'));
    expect(changes).toEqual([true]);
  });
});

describe('numberField', () => {
  it('hands over the text as typed, keystroke by keystroke; a good number says nothing', () => {
    const texts: string[] = [];
    const r = mount(numberField('Shift', '-1', (x) => texts.push(x), { min: -3, max: 3 }, { lang: 'en', id: 's' }));
    const input = r.querySelector<HTMLInputElement>('input')!;
    expect(input.value).toBe('-1');
    expect(input.closest('label')!.textContent).toContain('Shift');
    type(input, '2');
    expect(texts).toEqual(['2']);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('a number out of range is said at the field, quoted, with the range', () => {
    const r = mount(numberField('Shift', '9', () => {}, { min: -3, max: 3 }, { lang: 'en', id: 's' }));
    const input = r.querySelector<HTMLInputElement>('input')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(r.querySelector(`#${input.getAttribute('aria-describedby')}`)!.textContent).toBe(
      '“9” is out of range. Type a whole number from -3 to 3.',
    );
  });
});

describe('onSubmit', () => {
  it('keeps the page and hands over the fields by name, with the event', () => {
    const run = vi.fn();
    const r = mount(
      html`<form
        @submit=${onSubmit((f, e) => run(f.value('unit'), f.value('side'), f.checked('light'), f.value('absent'), e.defaultPrevented))}
      >
        <input name="unit" value="7" /><select name="side">
          <option value="soviet" selected>S</option></select
        ><input type="checkbox" name="light" checked />
      </form>`,
    );
    const submit = new Event('submit', { cancelable: true }) as SubmitEvent;
    r.querySelector('form')!.dispatchEvent(submit);
    expect(run).toHaveBeenCalledWith('7', 'soviet', true, '', true);
  });

  it('gives the input itself, to clear it once read', () => {
    const r = mount(
      html`<form @submit=${onSubmit((f) => (f.input('chit').value = ''))}><input name="chit" value="Stuka" /></form>`,
    );
    r.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(r.querySelector('input')!.value).toBe('');
  });
});

describe('handOffConfirm', () => {
  const store = (vibrate: boolean) => ({ getState: () => ({ lang: 'en', prefs: { vibrate } }) }) as unknown as Store;

  it('asks the question, then reports the answer: confirmed (with a buzz when wanted) or cancelled', () => {
    const answers: boolean[] = [];
    const buzz = vi.fn();
    Object.defineProperty(navigator, 'vibrate', { value: buzz, configurable: true });
    const r = mount(
      handOffConfirm(store(true), 'Hand the device to the German player', 'German', (show) => answers.push(show)),
    );
    expect(r.querySelector('p')!.textContent).toBe('Hand the device to the German player');
    const [confirm, cancel] = [...r.querySelectorAll('button')];
    expect(confirm!.className).toBe('primary');
    expect(confirm!.textContent).toContain('German');
    confirm!.click();
    cancel!.click();
    expect(answers).toEqual([true, false]);
    expect(buzz).toHaveBeenCalledOnce();
  });
});

describe('notesSection', () => {
  const notes = [{ en: 'Rivers freeze in winter.', es: 'Los ríos se hielan en invierno.' }];

  it('lists the notes under a heading, or folded under a summary', () => {
    const open = mount(notesSection('en', 'Notes', notes));
    expect(open.querySelector('section > h3')!.textContent).toBe('Notes');
    expect(open.querySelector('li')!.textContent).toBe('Rivers freeze in winter.');
    host.remove();
    const folded = mount(notesSection('es', 'Notas', notes, true));
    expect(folded.querySelector('details > summary')!.textContent).toBe('Notas');
    expect(folded.querySelector('li')!.textContent).toBe('Los ríos se hielan en invierno.');
  });

  it('shows nothing without notes', () => {
    expect(mount(notesSection('en', 'Notes', undefined)).textContent!.trim()).toBe('');
    host.remove();
    expect(mount(notesSection('en', 'Notes', [])).querySelector('section')).toBeNull();
  });
});
