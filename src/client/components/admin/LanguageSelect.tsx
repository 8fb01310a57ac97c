import {
  type ComboboxItem,
  MultiSelect,
  type MultiSelectProps,
  type OptionsFilter,
  Select,
  type SelectProps,
} from '@mantine/core';
import { LANGUAGES, languageName } from '../../../common/languages';
import { keyboardPick } from './keyboard-pick';

/** Every language of the product's table (src/common/languages.ts), in its order. */
const ALL_CODES: readonly string[] = LANGUAGES.map((l) => l.code);
const NATIVE = new Map(LANGUAGES.map((l) => [l.code, l.native]));

/** Options shown by English name; the search also knows each language's own name (NATIVE). */
function optionsOf(codes: readonly string[]) {
  return codes.map((code) => ({ value: code, label: languageName(code) }));
}

/** A search matches the English name, the native name or the code (`ja`, `zh-TW`). */
const filter: OptionsFilter<string> = ({ options, search }) => {
  const q = search.trim().toLowerCase();
  const items = options as ComboboxItem[];
  if (!q) return items;
  const native = (o: ComboboxItem) => (NATIVE.get(o.value) ?? '').toLowerCase();
  const hits = items.filter(
    (o) => o.label.toLowerCase().includes(q) || native(o).includes(q) || o.value.toLowerCase() === q,
  );
  // The code typed exactly, then names that start with the search, then the rest.
  const rank = (o: ComboboxItem) =>
    o.value.toLowerCase() === q ? 0 : o.label.toLowerCase().startsWith(q) || native(o).startsWith(q) ? 1 : 2;
  return hits.sort((a, b) => rank(a) - rank(b));
};

export interface LanguageSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'label'> {
  /** Codes to offer; every language of the table when absent. */
  languages?: readonly string[];
  value: string;
  onChange: (code: string) => void;
  label: string;
}

/**
 * The one language picker of the dashboard: the full table (130+ languages) with search by
 * English name, native name or code, unless `languages` narrows it (unknown codes upper-cased).
 */
export function LanguageSelect({
  languages = ALL_CODES,
  value,
  onChange,
  label,
  ...rest
}: LanguageSelectProps) {
  return (
    <Select
      {...keyboardPick(value)}
      label={label}
      data={optionsOf(languages)}
      value={value}
      onChange={(v) => {
        if (v) onChange(v);
      }}
      allowDeselect={false}
      searchable
      filter={filter}
      nothingFoundMessage="No language of that name"
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}

export interface LanguageMultiSelectProps
  extends Omit<MultiSelectProps, 'data' | 'value' | 'onChange' | 'label'> {
  languages?: readonly string[];
  value: string[];
  onChange: (codes: string[]) => void;
  label: string;
}

/** Several languages from the table, with the same search. */
export function LanguageMultiSelect({
  languages = ALL_CODES,
  value,
  onChange,
  label,
  ...rest
}: LanguageMultiSelectProps) {
  return (
    <MultiSelect
      label={label}
      data={optionsOf(languages)}
      value={value}
      onChange={onChange}
      searchable
      filter={filter}
      nothingFoundMessage="No language of that name"
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
