import { TextInput } from '@mantine/core';
import { emptyPickerFallback } from '@portal/domain';

/** A date of a search form (ISO yyyy-mm-dd in the browser's own picker). */
export function DateField({
  label,
  value,
  onChange,
  fallbackWhenEmpty = false,
  error,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  fallbackWhenEmpty?: boolean;
  /** A translated error shown under the field (and announced with it). */
  error?: string;
}) {
  return (
    <TextInput
      type="date"
      label={label}
      value={value ?? ''}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      // spec §4: an empty close of the (end) date picker falls back to 31 December of the current year.
      onBlur={(event) => {
        if (fallbackWhenEmpty && !event.currentTarget.value) onChange(emptyPickerFallback(new Date()));
      }}
      miw="10rem"
    />
  );
}
