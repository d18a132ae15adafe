import { TOKEN_CONVERSION_DEFAULTS, TOKEN_MULTIPLIER_MIN } from '@parley/shared/constants';
import {
  saveTokenConversionBodySchema,
  TOKEN_CONVERSION_MESSAGES as MESSAGES,
  type SaveTokenConversionBody,
  type TokenConversion,
  type TokenType,
} from '@parley/shared/contracts/token-conversion';

/** The screen's form, as typed. */
export interface TypeForm {
  description: string;
  multiplier: string;
  isActive: boolean;
}
export interface ConversionForm {
  charactersPerToken: string;
  tokensPerCharacter: string;
  message: TypeForm;
  storage: TypeForm;
}

export const toForm = (data: TokenConversion): ConversionForm => ({
  charactersPerToken: String(data.conversion.charactersPerToken),
  tokensPerCharacter: String(data.conversion.tokensPerCharacter),
  message: { description: data.message.description, multiplier: String(data.message.baseRateMultiplier), isActive: data.message.isActive },
  storage: { description: data.storage.description, multiplier: String(data.storage.baseRateMultiplier), isActive: data.storage.isActive },
});

/** The other rate of the pair (they are each other's inverse: 0.75 ↔ 1.333), to three decimals; blank when there is none. */
export function inverseRate(value: string): string {
  const rate = Number(value);
  return value.trim() && Number.isFinite(rate) && rate > 0 ? String(Number((1 / rate).toFixed(3))) : '';
}

/** Spec §5: a multiplier that is not a number falls back to 1. */
export function readMultiplier(value: string): number {
  const multiplier = Number(value);
  return value.trim() && Number.isFinite(multiplier) ? multiplier : TOKEN_CONVERSION_DEFAULTS.multiplier;
}

const PART_FAILURE: Record<'conversion' | TokenType, string> = {
  conversion: MESSAGES.saveConversionFailed,
  message: MESSAGES.saveMessageFailed,
  storage: MESSAGES.saveStorageFailed,
};

/** The spec's failure title for the part a message is about ("storage.baseRateMultiplier: …"), else the general one. */
export function failureTitle(message: string): string {
  const part = /^(conversion|message|storage)\./.exec(message)?.[1] as keyof typeof PART_FAILURE | undefined;
  return part ? PART_FAILURE[part] : MESSAGES.saveFailed;
}

export type CheckedForm = { ok: true; body: SaveTokenConversionBody } | { ok: false; title: string; message: string };

/** Client-side checks with the spec's messages (§5), then the shared contract. */
export function checkForm(form: ConversionForm): CheckedForm {
  const rates = [form.charactersPerToken, form.tokensPerCharacter].map((value) => (value.trim() ? Number(value) : Number.NaN));
  if (!rates.every((rate) => Number.isFinite(rate) && rate > 0)) return { ok: false, title: MESSAGES.saveConversionFailed, message: MESSAGES.ratesPositive };
  for (const type of ['message', 'storage'] as const) {
    if (readMultiplier(form[type].multiplier) < TOKEN_MULTIPLIER_MIN) return { ok: false, title: PART_FAILURE[type], message: MESSAGES.multiplierMin };
  }
  const parsed = saveTokenConversionBodySchema.safeParse({
    conversion: { charactersPerToken: rates[0], tokensPerCharacter: rates[1] },
    message: { description: form.message.description, baseRateMultiplier: readMultiplier(form.message.multiplier), isActive: form.message.isActive },
    storage: { description: form.storage.description, baseRateMultiplier: readMultiplier(form.storage.multiplier), isActive: form.storage.isActive },
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, title: failureTitle(`${String(issue?.path[0] ?? '')}.`), message: issue?.message ?? MESSAGES.saveFailed };
  }
  return { ok: true, body: parsed.data };
}
