import type { SelectProps } from '@mantine/core';

/**
 * What every dashboard `Select` spreads (`{...keyboardPick(value)}`) so that, by keyboard, the
 * list opens on ArrowDown with the option Enter takes highlighted (the current value's, else the
 * first), ArrowDown and ArrowUp move it, and Enter picks the highlighted option and is never the
 * surrounding form's. Mouse and typing open the list as before.
 *
 * Mantine's Select takes Enter only while its list is open and its store holds a selected option
 * index. With its defaults the list opens on focus (`openOnFocus`), and the opening sets that index
 * to the current value's option in a `setTimeout(0)`, -1 when there is none: an ArrowDown handled
 * before that timer (a Tab then an ArrowDown in quick succession, or a busy page) highlighted the
 * first option, then the timer set -1, so Enter was not taken and submitted the dialog. Opened by
 * ArrowDown instead, the list highlights the option at once and syncs the index with what is
 * highlighted after the opening; an empty picker opens with Mantine's own
 * `selectFirstOptionOnDropdownOpen`, so no timer resets its index at all.
 *
 * Enter in a picker never submits the form (HTML implicit submission): with no option highlighted
 * it does nothing. IME composition keeps its Enter.
 */
export function keyboardPick(
  value: unknown,
): Pick<SelectProps, 'openOnFocus' | 'selectFirstOptionOnDropdownOpen' | 'onKeyDown'> {
  return {
    openOnFocus: false,
    selectFirstOptionOnDropdownOpen: value == null || value === '',
    onKeyDown: (event) => {
      if (event.key === 'Enter' && !event.nativeEvent.isComposing) event.preventDefault();
    },
  };
}
