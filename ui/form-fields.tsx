import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";
import { fieldMessagesText } from "#domain/api-error";

/** A labelled textarea with a character counter and its errors tied to it. */
export function TextAreaField({
  label,
  errors,
  max,
  length,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  errors?: string[] | undefined;
  max?: number;
  length?: number;
}) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-help`}
        className="rounded-md border border-gray-300 px-3 py-2 text-gray-900 aria-[invalid]:border-red-600"
        {...textarea}
      />
      <div id={`${id}-help`} className="flex justify-between gap-2 text-sm">
        <span className="text-red-700">{fieldMessagesText(errors)}</span>
        {max !== undefined && (
          <span className="text-gray-700">
            {length ?? 0}/{max}
          </span>
        )}
      </div>
    </div>
  );
}

export function FieldErrors({ id, errors }: { id?: string; errors?: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {fieldMessagesText(errors)}
    </p>
  );
}

export function FormActions({ children }: { children: ReactNode }) {
  return <div className="mt-4 flex flex-wrap justify-end gap-2">{children}</div>;
}
