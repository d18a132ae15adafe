import { z } from 'zod';
import { expectedUpdatedAtSchema, idSchema } from './common';

/** Pricing FAQs Management (spec part 2 §2 FAQs tab, §3 pricing_faqs, §4, §5, §7, §8, §9). */

/** Decided bounds (the spec shows none; see docs/decisions/README.md). */
export const PRICING_FAQS_MAX = 100;
export const FAQ_QUESTION_MAX = 500;
export const FAQ_ANSWER_MAX = 5000;
export const FAQ_ORDER_MAX = 10_000;

/** User-facing text; quoted strings are the spec's (§5, §8). */
export const PRICING_FAQ_MESSAGES = {
  saved: 'FAQ saved successfully',
  deleted: 'FAQ deleted successfully',
  empty: 'No FAQs found. Create your first FAQ to get started.',
  deleteConfirm: 'Are you sure you want to delete this FAQ?',
  loadFailed: 'Failed to load FAQs',
  questionRequired: 'Question is required',
  answerRequired: 'Answer is required',
  orderInvalid: `Order must be a whole number from 0 to ${FAQ_ORDER_MAX}`,
  notFound: 'FAQ not found.',
  tooMany: `There can be at most ${PRICING_FAQS_MAX} FAQs. Delete one before adding another.`,
} as const;

export const pricingFaqSchema = z.object({
  id: idSchema,
  question: z.string(),
  answer: z.string(),
  displayOrder: z.number().int(),
  isActive: z.boolean(),
  updatedAt: z.string(),
});
export type PricingFaq = z.infer<typeof pricingFaqSchema>;

export const pricingFaqListSchema = z.object({ items: z.array(pricingFaqSchema) });
export type PricingFaqList = z.infer<typeof pricingFaqListSchema>;

export const pricingFaqBodySchema = z.object({
  question: z
    .string({ error: PRICING_FAQ_MESSAGES.questionRequired })
    .trim()
    .min(1, PRICING_FAQ_MESSAGES.questionRequired)
    .max(FAQ_QUESTION_MAX, `Question must be at most ${FAQ_QUESTION_MAX} characters`),
  answer: z
    .string({ error: PRICING_FAQ_MESSAGES.answerRequired })
    .trim()
    .min(1, PRICING_FAQ_MESSAGES.answerRequired)
    .max(FAQ_ANSWER_MAX, `Answer must be at most ${FAQ_ANSWER_MAX} characters`),
  displayOrder: z
    .number({ error: PRICING_FAQ_MESSAGES.orderInvalid })
    .int(PRICING_FAQ_MESSAGES.orderInvalid)
    .min(0, PRICING_FAQ_MESSAGES.orderInvalid)
    .max(FAQ_ORDER_MAX, PRICING_FAQ_MESSAGES.orderInvalid),
  isActive: z.boolean().default(true),
});
export type PricingFaqBody = z.input<typeof pricingFaqBodySchema>;

/** A change to a saved FAQ, made on the version the admin saw (refused with 409 when another admin saved it since). */
export const updatePricingFaqBodySchema = pricingFaqBodySchema.extend({ expectedUpdatedAt: expectedUpdatedAtSchema });
export type UpdatePricingFaqBody = z.input<typeof updatePricingFaqBodySchema>;
