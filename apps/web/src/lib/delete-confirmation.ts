/**
 * Whether the typed text confirms deleting an organisation or its data: its exact name (spaces
 * around it aside). Not the name is said once as much was typed as the name holds, not at the
 * first letter.
 */
export function deleteConfirmation(
  name: string,
  typed: string,
): { confirmed: boolean; mismatch: boolean } {
  const confirmed = name !== '' && typed.trim() === name;
  const mismatch = !confirmed && typed.trim().length >= name.length && typed !== '';
  return { confirmed, mismatch };
}
