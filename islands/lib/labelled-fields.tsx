/** @jsxImportSource preact */
/**
 * The enquiry form's fields, each under its visible label: apart from what
 * every lead form has (fields.tsx), so that the newsletter's script, loaded
 * on every blog page, does not carry them.
 */

const control =
  'block w-full rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand focus:outline-2 focus:outline-brand user-invalid:border-red-700 aria-invalid:border-red-700';

interface FieldProps {
  id: string;
  name: string;
  label: string;
  required?: boolean;
  autoComplete?: string;
  /** The server's limit (lead-options.ts): the browser stops the visitor there rather than the server refusing the lead. */
  maxLength?: number;
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label for={id} class="mb-1.5 block text-sm font-semibold text-slate-800">
      {label}
      {required && (
        <span aria-hidden="true" class="text-red-700">
          {' *'}
        </span>
      )}
    </label>
  );
}

export function TextField({
  id,
  name,
  label,
  required,
  autoComplete,
  maxLength,
  type = 'text',
  placeholder,
  pattern,
  title,
}: FieldProps & { type?: 'text' | 'email' | 'tel'; placeholder?: string; pattern?: string; title?: string }) {
  return (
    <div>
      <Label id={id} label={label} required={required} />
      {/* Preact types each input type separately (for its ARIA roles) and cannot take a union of them; all three share the same attributes.
          An e-mail or phone field is given the lead schema's pattern, and in the title what it asks for, which the browser adds
          to its own "Please match the requested format." and a screen reader reads as the field's description. */}
      <input
        id={id}
        name={name}
        type={type as 'text'}
        required={required}
        autoComplete={autoComplete}
        maxLength={maxLength}
        pattern={pattern}
        title={title}
        placeholder={placeholder}
        class={control}
      />
    </div>
  );
}

export function SelectField({
  id,
  name,
  label,
  required,
  placeholder,
  options,
}: FieldProps & { placeholder: string; options: readonly { value: string; label: string }[] }) {
  return (
    <div>
      <Label id={id} label={label} required={required} />
      {/* Chromium reads a required list whose placeholder is chosen as invalid from the start, as it reads no empty text
          field: "invalid entry" before the visitor has chosen anything. Said not to be, till a refusal marks it (useLeadForm). */}
      <select id={id} name={name} required={required} aria-invalid={required ? 'false' : undefined} class={control}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function TextArea({ id, name, label, maxLength, placeholder }: FieldProps & { placeholder: string }) {
  return (
    <div>
      <Label id={id} label={label} />
      <textarea id={id} name={name} rows={4} maxLength={maxLength} placeholder={placeholder} class={control} />
    </div>
  );
}
