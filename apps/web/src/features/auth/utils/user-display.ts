interface DisplayableUser {
  email: string;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
}

export function displayName(user: DisplayableUser): string {
  const joined = [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ');
  return user.fullName?.trim() || joined || user.email;
}

/** The name to greet the user with: first name, else the first word of the full name, else nothing. */
export function greetingName(user: DisplayableUser): string | null {
  const first = user.firstName?.trim() || user.fullName?.trim().split(/\s+/)[0];
  return first || null;
}

export function initials(user: DisplayableUser): string {
  const name = displayName(user);
  if (name === user.email) return (user.email[0] ?? '?').toUpperCase();
  const parts = name.split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}
