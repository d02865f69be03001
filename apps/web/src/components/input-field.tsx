import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { cn, fieldClasses } from '@/lib/class-names';

type Props = UseFormRegisterReturn & {
  type?: string;
  autoComplete?: string;
  label: string;
  error?: FieldError;
  /** Show the valid state (once the field was touched or the form submitted). */
  checked: boolean;
  dirty: boolean;
};

/**
 * A labelled input with Bootstrap's is-valid / is-invalid feedback and the spec's is-dirty class.
 * Plain Bootstrap markup, not react-bootstrap, to keep the sign-in page light.
 */
export function InputField({ label, error, checked, dirty, ...input }: Props) {
  const id = useId();
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={cn('form-control', fieldClasses(!!error, dirty, checked))}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-feedback` : undefined}
      />
      <div className="invalid-feedback" id={`${id}-feedback`}>
        {error?.message}
      </div>
    </div>
  );
}
