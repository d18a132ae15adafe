import { z } from 'zod';

/**
 * The landing page's data (GET /api/public/landing, anyone may read it): the chatbot the operator shows as a live
 * demo (PUBLIC_DEMO_CHATBOT_ID), when it exists and is live; null otherwise. Only what a visitor sees in its widget.
 */
export const publicDemoChatbotSchema = z.object({ id: z.string(), name: z.string() });
export type PublicDemoChatbot = z.infer<typeof publicDemoChatbotSchema>;

export const publicLandingSchema = z.object({ demoChatbot: publicDemoChatbotSchema.nullable() });
export type PublicLanding = z.infer<typeof publicLandingSchema>;
