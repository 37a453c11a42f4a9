/**
 * A form's submit handler that stays on the page: the players type into a form's fields, and the
 * handler reads them by name when the form is sent (a button, or Enter in a field).
 */

/** The fields of a submitted form, by name. */
export interface SubmittedFields {
  /** The named input's or select's value; '' when the form has no such field. */
  value(name: string): string;
  /** Whether the named checkbox is ticked. */
  checked(name: string): boolean;
  /** The named input itself (to clear it once read). */
  input(name: string): HTMLInputElement;
}

/** A `@submit` handler that keeps the page and hands `run` the form's fields (and the event, for its submitter). */
export const onSubmit =
  (run: (fields: SubmittedFields, e: SubmitEvent) => void) =>
  (e: SubmitEvent): void => {
    e.preventDefault();
    const elements = (e.target as HTMLFormElement).elements;
    // A select reads like an input here: by its value.
    const named = (name: string) => elements.namedItem(name) as HTMLInputElement | null;
    run(
      {
        value: (name) => named(name)?.value ?? '',
        checked: (name) => named(name)?.checked ?? false,
        input: (name) => named(name)!,
      },
      e,
    );
  };
