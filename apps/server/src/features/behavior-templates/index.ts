import { defineFeature } from '../../plugins/features';
import { behaviorTemplateRoutes } from './routes';

/** The behavior templates feature: its routes, registered by app.ts with the others. */
export const behaviorTemplatesFeature = defineFeature('behavior-templates', async (app) => {
  await app.register(behaviorTemplateRoutes);
});
