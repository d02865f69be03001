/** Joins the truthy class names: cn('btn', active && 'active'). */
export const cn = (...names: (string | false | null | undefined)[]) =>
  names.filter(Boolean).join(' ');

/**
 * Spec §5: a checked field is is-valid or is-invalid, and is-dirty once it differs from where it
 * started.
 */
export const fieldClasses = (invalid: boolean, dirty: boolean, checked = true) =>
  cn(invalid ? 'is-invalid' : checked && 'is-valid', dirty && 'is-dirty');
