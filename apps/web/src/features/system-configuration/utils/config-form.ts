import { SYSTEM_CONFIGURATION_DEFAULTS } from '@parley/shared/constants';
import { updateSystemConfigurationBodySchema, type SystemConfiguration, type SystemConfigurationSettings } from '@parley/shared/contracts/system-configuration';

/** The settings the form edits: the saved configuration without its who/when. */
export type ConfigDraft = SystemConfigurationSettings;
export type IntegerSetting = {
  [K in keyof ConfigDraft]: ConfigDraft[K] extends number ? K : never;
}[keyof ConfigDraft];

export function toDraft(configuration: SystemConfiguration): ConfigDraft {
  const { updatedAt: _updatedAt, updatedBy: _updatedBy, ...settings } = configuration;
  return settings;
}

/**
 * Spec part 2 §5: numeric inputs are parsed as integers, with the default when empty (or not a number).
 * "12.7" reads as 12, like parseInt.
 */
export function parseIntegerSetting(text: string, fallback: number): number {
  const trimmed = text.trim();
  if (trimmed === '') return fallback;
  const value = Number.parseInt(trimmed, 10);
  return Number.isNaN(value) ? fallback : value;
}

/** The spec's default for an integer setting (used when its input is left empty). */
export const integerDefault = (field: IntegerSetting): number => SYSTEM_CONFIGURATION_DEFAULTS[field];

const normalise = (value: unknown) => (value === '' || value === undefined ? null : value);

/** The fields whose draft value differs from the saved one ("Unsaved changes"). */
export function changedSettings(saved: ConfigDraft, draft: ConfigDraft): (keyof ConfigDraft)[] {
  return (Object.keys(saved) as (keyof ConfigDraft)[]).filter((field) => {
    const a = normalise(saved[field]);
    const b = normalise(typeof draft[field] === 'string' ? (draft[field] as string).trim() : draft[field]);
    return a !== b;
  });
}

export const isDirty = (saved: ConfigDraft, draft: ConfigDraft): boolean => changedSettings(saved, draft).length > 0;

/** The shared contract's verdict, as one message per field (the first rule each field breaks). */
export function validateDraft(draft: ConfigDraft): Partial<Record<keyof ConfigDraft, string>> {
  const result = updateSystemConfigurationBodySchema.safeParse(draft);
  if (result.success) return {};
  const errors: Partial<Record<keyof ConfigDraft, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ConfigDraft | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
