import { useId, type InputHTMLAttributes } from "react";
import { fieldMessagesText } from "#domain/api-error";

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  errors?: string[] | undefined;
  /** What the field takes, said before anything is typed (and read with the field). */
  hint?: string | undefined;
}

/** A labelled input whose errors are announced and tied to it for screen readers. */
export function TextField({ label, name, errors, hint, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(errors?.length);
  const describedBy = [hint ? hintId : "", invalid ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        className="rounded-md border border-gray-300 px-3 py-2 text-gray-900 aria-[invalid]:border-red-600"
        {...input}
      />
      {hint && (
        <p id={hintId} className="text-xs text-gray-700">
          {hint}
        </p>
      )}
      {invalid && (
        <p id={errorId} className="text-sm text-red-700">
          {fieldMessagesText(errors)}
        </p>
      )}
    </div>
  );
}
