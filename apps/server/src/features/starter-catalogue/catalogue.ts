import type { CreateBehaviorTemplateBody } from '@parley/shared/contracts/behavior-templates';
import type { CreateChatbotTemplateBody } from '@parley/shared/contracts/chatbot-templates';
import type { CreatePricingPlanBody } from '@parley/shared/contracts/pricing-plans';
import type { PricingFaqBody } from '@parley/shared/contracts/pricing-faqs';
import type { TokenPackageBody } from '@parley/shared/contracts/token-packages';

/**
 * What a new installation sells and offers on its first start (decisions/0037-starter-catalogue.md): every item is an
 * ordinary catalogue row the operator edits or deletes in the admin console afterwards. Each item goes through the
 * same contract as the admin screen that creates it (seed.ts), so nothing here could not have been typed there.
 *
 * Sizes: a question and its answer are about 500 characters, some 700 tokens at the default conversion (1.333 tokens a
 * character); a 10-page document about 40,000 tokens once. So Free (100,000, from migration 0004) tries Parley out,
 * Starter carries a small help desk (about 1,400 answers a month), Pro a busy one (about 7,000).
 */

/** The paid plans; the free tier exists from migration 0004 (it is every organization's fallback). */
export const STARTER_PLANS: (CreatePricingPlanBody & { maxHandoffsPerMonth: number })[] = [
  {
    tier: 'starter',
    displayName: 'Starter',
    description: 'For a small team answering its customers from its own documents.',
    priceMonthlyCents: 1900,
    priceAnnualCents: 19000,
    maxChatbots: 10,
    monthlyTokenLimit: 1_000_000,
    maxHandoffsPerMonth: 100,
    sortOrder: 2,
    isPopular: false,
    ctaText: 'Choose Starter',
    extraFeatures: ['Everything in Free'],
  },
  {
    tier: 'pro',
    displayName: 'Pro',
    description: 'For growing teams with several chatbots and a busy inbox.',
    priceMonthlyCents: 4900,
    priceAnnualCents: 49000,
    maxChatbots: 25,
    monthlyTokenLimit: 5_000_000,
    maxHandoffsPerMonth: 500,
    sortOrder: 3,
    isPopular: true,
    ctaText: 'Upgrade to Pro',
    extraFeatures: ['Everything in Starter'],
  },
];

/**
 * The free plan's lines beyond its two limit lines. They name what every plan has (no feature is gated by plan:
 * plans differ by their limits), so the paid plans say "Everything in …" rather than repeat them.
 */
export const FREE_PLAN_EXTRA_FEATURES = ['Website widget and OpenAI-compatible API', 'Human handoff to your team', 'Analytics and CSV exports'];

/** Top-ups, dearer per token than the plans (Starter $19 a million, Pro under $10 a million), smaller sizes dearer. */
export const STARTER_TOKEN_PACKAGES: TokenPackageBody[] = [
  { name: 'Small top-up', tokens: 100_000, priceCents: 500, isActive: true },
  { name: 'Medium top-up', tokens: 500_000, priceCents: 2000, isActive: true },
  { name: 'Large top-up', tokens: 2_000_000, priceCents: 6000, isActive: true },
];

/** The answering rules every starter prompt keeps: the documents are the only source. */
const GROUNDED =
  'Answer only from the provided documents. When they do not contain the answer, say so plainly and do not guess; never invent facts, prices, dates or links.';

export const STARTER_CHATBOT_TEMPLATES: CreateChatbotTemplateBody[] = [
  {
    name: 'Help centre assistant',
    description: 'Answers customers’ questions from your help articles and FAQs, with the articles it used, and hands over to your team when it cannot help.',
    isActive: true,
    configuration: {
      category: 'Customer support',
      industry: 'General',
      difficulty: 'Beginner',
      setupTime: '10 mins',
      features: ['Answers from articles', 'Cites its sources', 'Hands over to a person', 'Website widget'],
      useCases: ['Help centre and FAQ pages', 'Order, account and delivery questions', 'Fewer repetitive support tickets'],
      templateId: 'help-centre',
      systemPrompt: `You are the help centre assistant of our company, answering customers. ${GROUNDED} Keep answers short and friendly, give steps as a numbered list, and when the documents do not help, offer to put the customer in touch with our support team.`,
      welcomeMessage: 'Hi! I can answer questions from our help centre. What can I help you with?',
      suggestedQuestions: ['How do I get started?', 'How can I contact support?'],
    },
  },
  {
    name: 'Sales assistant',
    description: 'Helps visitors choose: answers product, plan and pricing questions from your sales documents and offers to connect buyers with your team.',
    isActive: true,
    configuration: {
      category: 'Sales',
      industry: 'General',
      difficulty: 'Beginner',
      setupTime: '15 mins',
      features: ['Pricing answers', 'Compares options', 'Suggests next steps', 'Hands buyers to sales'],
      useCases: ['Pricing and product pages', 'Pre-sales questions', 'Qualifying leads before a call'],
      templateId: 'sales',
      systemPrompt: `You are a helpful sales assistant on our website. ${GROUNDED} Help visitors find the product or plan that fits their needs, compare options honestly, never promise discounts or terms the documents do not state, and offer to connect them with our sales team for a quote or a demo.`,
      welcomeMessage: 'Hello! Looking for the right product or plan? Ask me anything.',
      suggestedQuestions: ['Which plan is right for me?', 'Can I talk to someone from sales?'],
    },
  },
  {
    name: 'Internal knowledge assistant',
    description: 'Answers your staff from handbooks, policies and process documents, naming the document each answer comes from.',
    isActive: true,
    configuration: {
      category: 'Internal',
      industry: 'General',
      difficulty: 'Intermediate',
      setupTime: '20 mins',
      features: ['Handbooks and policies', 'Names its sources', 'Says who to ask'],
      useCases: ['Employee onboarding', 'HR and IT policies', 'How-to guides for internal processes'],
      templateId: 'internal-knowledge',
      systemPrompt: `You are an internal assistant for our employees. ${GROUNDED} Answer precisely, name the document or policy each answer comes from, and when the documents do not cover a question, suggest asking the team that owns the topic.`,
      welcomeMessage: 'Hi! Ask me about our policies, handbooks and processes.',
      suggestedQuestions: ['How do I request time off?', 'Who do I contact for IT help?'],
    },
  },
];

/** Tones beside the default "Helpful support assistant" of migration 0007 (which stays the default). */
export const STARTER_BEHAVIOR_TEMPLATES: CreateBehaviorTemplateBody[] = [
  {
    name: 'Friendly',
    description: 'Warm and encouraging, in plain words; good for consumer brands.',
    systemPrompt: `You are a friendly, upbeat assistant. ${GROUNDED} Write in plain, warm words, address the person directly, and end with a short offer to help further.`,
    isActive: true,
  },
  {
    name: 'Concise',
    description: 'The answer first, in as few words as it takes; good for busy users and developers.',
    systemPrompt: `You are a concise assistant. ${GROUNDED} Give the answer first, in one to three sentences or a short list, with no greeting, filler or repetition of the question.`,
    isActive: true,
  },
  {
    name: 'Formal',
    description: 'Courteous and precise, in complete sentences; good for finance, legal and public services.',
    systemPrompt: `You are a formal assistant. ${GROUNDED} Write courteously in complete sentences, without slang, emoji or exclamation marks, and state any condition or exception the documents mention.`,
    isActive: true,
  },
];

/** Questions every pricing page is asked; the answers describe what Parley does (decisions/0013-plan-limits-and-rate-limits.md, decisions/0018-security-center-referrals-and-launch-materials.md, decisions/0022-payments-and-subscriptions.md). */
export const STARTER_PRICING_FAQS: PricingFaqBody[] = [
  {
    question: 'What is a token?',
    answer:
      'Tokens measure the text your chatbots work with: each visitor’s question and the answer, and the documents you train them on. Your plan includes a number of tokens every month, and your dashboard shows how many you have used.',
    displayOrder: 1,
    isActive: true,
  },
  {
    question: 'What happens when we use up the month’s tokens?',
    answer:
      'Your chatbots go on answering from your token balance, which token packages top up; bought tokens do not expire. Without a balance they pause until the next month starts, or until you buy a package or move to a larger plan.',
    displayOrder: 2,
    isActive: true,
  },
  {
    question: 'Can I change or cancel my plan?',
    answer:
      'Yes. Move to another plan at any time from the Subscription page. If you cancel, your plan stays until the end of the period you have paid for, and then your organization is on the Free plan.',
    displayOrder: 3,
    isActive: true,
  },
];
