import { Select, type SelectProps } from '@mantine/core';
import { languageName } from '../../../common/languages';

export interface LanguageSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'label'> {
  /** Language codes to offer (e.g. SCREEN_LANGUAGES.polls). */
  languages: readonly string[];
  value: string;
  onChange: (code: string) => void;
  label: string;
}

/** A select of language codes shown by their English names (unknown codes upper-cased). */
export function LanguageSelect({ languages, value, onChange, label, ...rest }: LanguageSelectProps) {
  const data = languages.map((code) => ({ value: code, label: languageName(code) }));
  return (
    <Select
      label={label}
      data={data}
      value={value}
      onChange={(v) => {
        if (v) onChange(v);
      }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
