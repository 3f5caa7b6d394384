import type { KeyboardEvent } from 'react';

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The arrow keys of a radio group built from buttons (role="radio" inside role="radiogroup"):
 * they move to the next or previous choice, round the ends, and choose it, as a native radio
 * group does; Home and End go to the first and last. Only the chosen radio is in the Tab order
 * (`radioTabIndex`), so Tab leaves the group in one press.
 */
export function onRadioGroupKeyDown(event: KeyboardEvent<HTMLElement>) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const radios = [
    ...event.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]:not(:disabled)'),
  ];
  if (radios.length === 0) return;
  // Any other element, or none, is not among them: -1.
  const at = radios.indexOf(document.activeElement as HTMLElement);
  let next: number;
  if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = radios.length - 1;
  else if (STEPS[event.key] !== undefined && at >= 0) {
    next = (at + (STEPS[event.key] ?? 0) + radios.length) % radios.length;
  } else return;
  event.preventDefault();
  const radio = radios[next];
  radio?.focus();
  if (radio?.getAttribute('aria-checked') !== 'true') radio?.click();
}

/** The chosen radio takes Tab; the others are reached with the arrows. */
export const radioTabIndex = (checked: boolean, noneChecked: boolean, first: boolean) =>
  checked || (noneChecked && first) ? 0 : -1;
