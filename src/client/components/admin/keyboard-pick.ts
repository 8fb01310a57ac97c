import type { SelectProps } from '@mantine/core';

/**
 * What every dashboard `Select` spreads (`{...keyboardPick(value)}`) so that a keyboard user's
 * Enter picks the option the open list shows highlighted, and is never the surrounding form's.
 *
 * Mantine's Select takes Enter only while its list is open and its store holds a selected option
 * index. On opening (on focus: `openOnFocus`), it sets that index to the current value's option in
 * a `setTimeout(0)`, -1 when there is none; an ArrowDown handled before that timer (a Tab then an
 * ArrowDown in quick succession, or a busy page) highlights the first option, then the timer sets
 * -1: the highlighted option is not the one Enter takes. With no value, Mantine's own
 * `selectFirstOptionOnDropdownOpen` sets the index at once, with no timer; with a value the timer
 * stays (opening must keep the current value as the option ArrowDown moves on from).
 *
 * Enter in a picker never submits the form (HTML implicit submission): with no option selected it
 * does nothing. IME composition keeps its Enter.
 */
export function keyboardPick(
  value: unknown,
): Pick<SelectProps, 'selectFirstOptionOnDropdownOpen' | 'onKeyDown'> {
  return {
    selectFirstOptionOnDropdownOpen: value == null || value === '',
    onKeyDown: (event) => {
      if (event.key === 'Enter' && !event.nativeEvent.isComposing) event.preventDefault();
    },
  };
}
