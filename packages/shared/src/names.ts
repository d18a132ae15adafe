/** A person's full name as stored: first and last name joined by a space (spec part 1 §3). No zod here: the sign-in page uses it. */
export function fullName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim();
}
