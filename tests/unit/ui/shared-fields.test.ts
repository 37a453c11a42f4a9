// @vitest-environment happy-dom
// The game-neutral pieces the turn panels and tools share: labelled fields bound to a value
// (src/ui/fields.ts), the form handler that reads fields by name (src/ui/submit.ts), the hand-off
// question before a side's private information shows (src/ui/hand-off.ts), and printed notes
// (src/ui/notes-section.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { html, render } from 'lit';
import type { Store } from '../../../src/app/store';
import { checkField, textField, wholeNumberField } from '../../../src/ui/fields';
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

describe('wholeNumberField', () => {
  const mountNumber = (value: number) => {
    const numbers: number[] = [];
    const r = mount(
      wholeNumberField(
        'Shift',
        value,
        (n) => numbers.push(n),
        { min: -3, max: 3 },
        (p) => `From ${p.min} to ${p.max}`,
      ),
    );
    return { input: r.querySelector<HTMLInputElement>('input[type=number]')!, numbers };
  };

  it('reports a whole number within its range', () => {
    const { input, numbers } = mountNumber(-1);
    expect(input.value).toBe('-1');
    type(input, '2');
    expect(numbers).toEqual([2]);
    expect(input.validationMessage).toBe('');
  });

  it('refuses a number out of range at the field, reporting NaN and never 0', () => {
    const { input, numbers } = mountNumber(0);
    type(input, '9');
    expect(numbers).toHaveLength(1);
    expect(numbers[0]).toBeNaN();
    expect(input.validationMessage).toBe('From -3 to 3');
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
