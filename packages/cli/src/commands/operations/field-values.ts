/** How `--value` of a custom field becomes the value the SDK sends. */
import type { CustomFieldDataType, CustomFieldValue } from '@shiptrack/sdk';

function fromJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function numeric(text: string): number | string {
  const number = Number(text);
  return text.trim() !== '' && Number.isFinite(number) ? number : text;
}

/**
 * The value of `--value`, read for the field's `--data-type` when given
 * (`number` as a number, `boolean` as `true`/`false`, `enum_multi` as a
 * comma-separated list, every other type as the text itself), else as JSON
 * when it is JSON (`42`, `true`, `["a","b"]`, `"007"`) and as text when it
 * is not. `null` always clears the field. Anything that does not fit stays
 * as typed, so the SDK's check (with `dataType`) or the service says what
 * the field takes; nothing is guessed into shape.
 */
export function fieldValue(
  text: string,
  dataType: CustomFieldDataType | undefined,
): CustomFieldValue {
  if (text === 'null') return null;
  const read = (): unknown => {
    switch (dataType) {
      case undefined:
        return fromJson(text);
      case 'number':
        return numeric(text);
      case 'boolean':
        return text === 'true' ? true : text === 'false' ? false : text;
      case 'enum_multi':
        return text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
      default:
        return text;
    }
  };
  // Safe: the SDK checks the value (against `dataType` when given) before anything is sent.
  return read() as CustomFieldValue;
}
