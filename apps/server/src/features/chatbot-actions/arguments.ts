import { CHATBOT_ACTION_MESSAGES } from '@parley/shared/contracts/chatbot-actions';
import { Ajv, type ValidateFunction } from 'ajv';
import { AppError } from '../../lib/app-error';

/**
 * An action's parameters as a checked JSON Schema (ajv). A fresh validator per schema: a shared ajv instance would keep
 * every schema it ever compiled. Not strict: owners paste schemas written for other tools, with keywords ajv does not
 * know (`examples` of drafts it lacks, vendor `x-` fields); what the model is shown is still the schema as saved.
 */
export function compileParameters(schema: Record<string, unknown>): ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: false });
  let isValid = false;
  try {
    isValid = ajv.validateSchema(schema) as boolean;
    if (isValid) return ajv.compile(schema);
  } catch (error) {
    // A `$schema` ajv does not know, a $ref to nowhere, a bad pattern: well-formed JSON, but not a usable schema.
    // Told in our words: ajv's own name schemas by "key", which the error handler (rightly) keeps from users.
    const message = error instanceof Error ? error.message : '';
    const detail = /no schema with key or ref/i.test(message)
      ? 'its $schema names a meta-schema that is not supported (use draft-07, or leave $schema out)'
      : /can't resolve reference|resolve reference/i.test(message)
        ? 'a $ref points to a definition that does not exist'
        : 'it cannot be compiled (check its patterns and references)';
    throw new AppError('VALIDATION_ERROR', CHATBOT_ACTION_MESSAGES.parametersInvalid(detail));
  }
  throw new AppError('VALIDATION_ERROR', CHATBOT_ACTION_MESSAGES.parametersInvalid(ajv.errorsText(ajv.errors, { dataVar: 'schema' })));
}

/** Why the arguments do not match (one sentence, naming the argument), or null when they do. */
export function argumentsMismatch(validate: ValidateFunction, args: unknown): string | null {
  if (validate(args)) return null;
  const error = validate.errors?.[0];
  if (!error) return 'the arguments do not match the parameters schema';
  const where = error.instancePath ? `argument ${error.instancePath.slice(1).replace(/\//g, '.')}` : 'the arguments';
  return `${where} ${error.message ?? 'is not valid'}`;
}

/** Argument names whose values are kept out of the record (the call itself is sent them). */
const SECRET_NAME = /pass(word|phrase)?|secret|token|api[-_]?key|auth|credential|private[-_]?key|session|cookie|card[-_]?number|cvv|cvc|ssn|iban/i;
/** Values that look like credentials whatever their name: bearer tokens, common key prefixes, JWTs. */
const SECRET_VALUE =
  /^(bearer\s+\S+|sk-[A-Za-z0-9_-]{8,}|whsec_\S+|xox[abpr]-\S+|gh[pousr]_[A-Za-z0-9]{16,}|eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;
export const MASK = '••••••';

/** A copy of the arguments with secret-looking values masked, for the call's record (and nothing else). */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return MASK;
  if (typeof value === 'string') return SECRET_VALUE.test(value.trim()) ? MASK : value;
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        key,
        SECRET_NAME.test(key) && item !== null && item !== '' ? MASK : maskSecrets(item, depth + 1),
      ]),
    );
  }
  return value;
}
