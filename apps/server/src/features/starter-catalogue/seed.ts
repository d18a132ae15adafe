import { createBehaviorTemplateBodySchema } from '@parley/shared/contracts/behavior-templates';
import { createChatbotTemplateBodySchema, DEFAULT_AGENT_TYPE } from '@parley/shared/contracts/chatbot-templates';
import { PLAN_LIMIT_FEATURES, createPricingPlanBodySchema } from '@parley/shared/contracts/pricing-plans';
import { pricingFaqBodySchema } from '@parley/shared/contracts/pricing-faqs';
import { maxHandoffsSchema } from '@parley/shared/contracts/tier-limits';
import { tokenPackageBodySchema } from '@parley/shared/contracts/token-packages';
import { FREE_TIER } from '@parley/shared/constants';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  adminActivityLogs,
  behaviorTemplates,
  globalAiAgents,
  installationSteps,
  planFeatures,
  pricingFaqs,
  subscriptionTierLimits,
  tokenPackages,
  users,
} from '../../db/schema/index';
import { rowsOf } from '../../db/raw-sql';
import type { Tx } from '../../db/client';
import { syncLimitFeatures } from '../tier-limits/index';
import {
  FREE_PLAN_EXTRA_FEATURES,
  STARTER_BEHAVIOR_TEMPLATES,
  STARTER_CHATBOT_TEMPLATES,
  STARTER_PLANS,
  STARTER_PRICING_FAQS,
  STARTER_TOKEN_PACKAGES,
} from './catalogue';

/** The installation step this is (installation_steps.step). */
export const STARTER_CATALOGUE_STEP = 'starter_catalogue';

/** What a start did: created the catalogue, found the step done by an earlier start, or found an installation in use. */
export type StarterCatalogueOutcome = 'created' | 'done-before' | 'in-use';

const IN_USE_OUTCOME = 'not created: the installation already had users or catalogue items';

/**
 * The catalogue through the admin screens' own contracts, so a seeded row is one an admin could have saved (the
 * module's test checks that each parses unchanged; here it also fills the contracts' defaults).
 */
function parsedCatalogue() {
  return {
    plans: STARTER_PLANS.map(({ maxHandoffsPerMonth, ...plan }) => ({
      ...createPricingPlanBodySchema.parse(plan),
      maxHandoffsPerMonth: maxHandoffsSchema.parse(maxHandoffsPerMonth),
    })),
    tokenPackages: STARTER_TOKEN_PACKAGES.map((pack) => tokenPackageBodySchema.parse(pack)),
    chatbotTemplates: STARTER_CHATBOT_TEMPLATES.map((template) => createChatbotTemplateBodySchema.parse(template)),
    behaviorTemplates: STARTER_BEHAVIOR_TEMPLATES.map((template) => createBehaviorTemplateBodySchema.parse(template)),
    faqs: STARTER_PRICING_FAQS.map((faq) => pricingFaqBodySchema.parse(faq)),
  };
}

/**
 * An installation that has users, or catalogue items beyond what the migrations insert, is not new: an upgrade from a
 * version before the starter catalogue, or one first started with SEED_CATALOGUE=false. Its operator has (or had) a
 * catalogue of their own, and gets nothing added to it.
 */
async function installationInUse(tx: Tx): Promise<boolean> {
  const result = await tx.execute(sql`
    SELECT EXISTS (SELECT 1 FROM ${users})
        OR EXISTS (SELECT 1 FROM ${tokenPackages})
        OR EXISTS (SELECT 1 FROM ${globalAiAgents})
        OR EXISTS (SELECT 1 FROM ${pricingFaqs})
        OR EXISTS (SELECT 1 FROM ${subscriptionTierLimits} WHERE ${subscriptionTierLimits.tier} <> ${FREE_TIER})
        OR (SELECT count(*) FROM ${behaviorTemplates}) > 1 AS in_use`);
  return rowsOf<{ in_use: boolean }>(result)[0]?.in_use === true;
}

async function createCatalogue(tx: Tx): Promise<Record<string, number>> {
  const catalogue = parsedCatalogue();
  const at = new Date();

  for (const { extraFeatures, ...plan } of catalogue.plans) {
    const [created] = await tx
      .insert(subscriptionTierLimits)
      .values({ ...plan, isActive: true })
      .onConflictDoNothing({ target: subscriptionTierLimits.tier })
      .returning();
    if (!created) continue;
    await syncLimitFeatures(tx, created.tier, created);
    await insertExtraFeatures(tx, created.tier, extraFeatures, at);
  }
  await insertExtraFeatures(tx, FREE_TIER, FREE_PLAN_EXTRA_FEATURES, at);

  await tx.insert(tokenPackages).values(catalogue.tokenPackages);
  await tx.insert(globalAiAgents).values(
    catalogue.chatbotTemplates.map((template) => ({
      name: template.name,
      description: template.description,
      agentType: DEFAULT_AGENT_TYPE,
      configuration: template.configuration,
      isActive: template.isActive,
    })),
  );
  // Not the default: the migration's "Helpful support assistant" stays what new chatbots start from.
  await tx.insert(behaviorTemplates).values(catalogue.behaviorTemplates.map((template) => ({ ...template, isDefault: false })));
  await tx.insert(pricingFaqs).values(catalogue.faqs);

  return {
    plans: catalogue.plans.length,
    token_packages: catalogue.tokenPackages.length,
    chatbot_templates: catalogue.chatbotTemplates.length,
    behavior_templates: catalogue.behaviorTemplates.length,
    pricing_faqs: catalogue.faqs.length,
  };
}

/** A plan's free-form lines, after its two limit lines (as the pricing screen orders them). */
async function insertExtraFeatures(tx: Tx, tier: string, names: string[], at: Date): Promise<void> {
  const first = Object.keys(PLAN_LIMIT_FEATURES).length + 1;
  if (names.length === 0) return;
  await tx
    .insert(planFeatures)
    .values(names.map((featureName, index) => ({ tier, featureName, featureValue: '', isIncluded: true, displayOrder: first + index, updatedAt: at })))
    .onConflictDoNothing();
}

/**
 * Creates the starter catalogue on a new installation's first start, once (decisions/0037-starter-catalogue.md).
 *
 * The step is claimed by inserting its installation_steps row in the same transaction as the catalogue: a second
 * process starting at the same time waits on the row's key until the first commits, then finds it taken and does
 * nothing (had the first rolled back, the second would create the catalogue). The row stays whatever happens later,
 * so an item the operator deletes is never created again. A later start reads the row and writes nothing.
 */
export async function seedStarterCatalogue(db: Db, log?: { info: (message: string) => void }): Promise<StarterCatalogueOutcome> {
  const [done] = await db.select({ step: installationSteps.step }).from(installationSteps).where(eq(installationSteps.step, STARTER_CATALOGUE_STEP));
  if (done) return 'done-before';
  let counts: Record<string, number> = {};
  const outcome = await db.transaction(async (tx): Promise<StarterCatalogueOutcome> => {
    const [claimed] = await tx
      .insert(installationSteps)
      .values({ step: STARTER_CATALOGUE_STEP, outcome: 'created' })
      .onConflictDoNothing({ target: installationSteps.step })
      .returning({ step: installationSteps.step });
    if (!claimed) return 'done-before';
    if (await installationInUse(tx)) {
      await tx.update(installationSteps).set({ outcome: IN_USE_OUTCOME }).where(eq(installationSteps.step, STARTER_CATALOGUE_STEP));
      return 'in-use';
    }
    counts = await createCatalogue(tx);
    // In the activity log as done by the system (no admin), so the operator sees where the catalogue came from.
    await tx.insert(adminActivityLogs).values({
      action: 'starter_catalogue_created',
      resourceType: 'catalogue',
      adminUserId: null,
      details: { ...counts, source: 'first start (SEED_CATALOGUE)' },
    });
    return 'created';
  });
  if (outcome === 'created') log?.info(`starter catalogue created (SEED_CATALOGUE): ${JSON.stringify(counts)}`);
  if (outcome === 'in-use') log?.info(`starter catalogue ${IN_USE_OUTCOME}`);
  return outcome;
}
