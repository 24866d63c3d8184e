import type { ReactNode } from 'react';
import {
  Field,
  MultiSelect,
  MultiSelectOption,
  NumberInput,
  SingleSelect,
  SingleSelectOption,
  TextInput,
  Textarea,
} from '@strapi/design-system';

interface Common {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
}

/** A labelled text input (one line, or several with `multiline`) with its field error. */
export function TextField(
  props: Common & {
    value: string;
    onChange(value: string): void;
    placeholder?: string;
    multiline?: boolean;
    required?: boolean;
  },
) {
  return (
    <Field.Root name={props.name} error={props.error} hint={props.hint} required={props.required}>
      <Field.Label>{props.label}</Field.Label>
      {props.multiline ? (
        <Textarea
          name={props.name}
          value={props.value}
          placeholder={props.placeholder}
          disabled={props.disabled}
          onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) =>
            props.onChange(event.target.value)
          }
        />
      ) : (
        <TextInput
          name={props.name}
          value={props.value}
          placeholder={props.placeholder}
          disabled={props.disabled}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
}

/** A positive number or nothing. */
export function NumberField(
  props: Common & { value: number | undefined; onChange(value: number | undefined): void },
) {
  return (
    <Field.Root name={props.name} error={props.error} hint={props.hint}>
      <Field.Label>{props.label}</Field.Label>
      <NumberInput
        name={props.name}
        value={props.value}
        disabled={props.disabled}
        onValueChange={props.onChange}
      />
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
}

/** One choice among options; '' is "the default" (the key is left out). */
export function SelectField(
  props: Common & {
    value: string;
    onChange(value: string): void;
    options: { value: string; label: string }[];
  },
) {
  return (
    <Field.Root name={props.name} error={props.error} hint={props.hint}>
      <Field.Label>{props.label}</Field.Label>
      <SingleSelect
        name={props.name}
        value={props.value}
        disabled={props.disabled}
        onChange={(value) => props.onChange(String(value))}
      >
        {props.options.map((option) => (
          <SingleSelectOption key={option.value} value={option.value}>
            {option.label}
          </SingleSelectOption>
        ))}
      </SingleSelect>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
}

/** Several choices, in the order picked. */
export function MultiSelectField(
  props: Common & {
    value: string[];
    onChange(value: string[]): void;
    options: { value: string; label: string }[];
    placeholder?: string;
  },
) {
  return (
    <Field.Root name={props.name} error={props.error} hint={props.hint}>
      <Field.Label>{props.label}</Field.Label>
      <MultiSelect
        name={props.name}
        value={props.value}
        placeholder={props.placeholder}
        disabled={props.disabled}
        withTags
        onChange={props.onChange}
      >
        {props.options.map((option) => (
          <MultiSelectOption key={option.value} value={option.value}>
            {option.label}
          </MultiSelectOption>
        ))}
      </MultiSelect>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
}
