/** Joins the truthy class names: cn('btn', active && 'active'). */
export const cn = (...names: (string | false | null | undefined)[]) =>
  names.filter(Boolean).join(' ');
