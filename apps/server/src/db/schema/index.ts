export * from './auth';
export * from './profiles';
export * from './organizations';
export * from './security';
export * from './email';
export * from './admin';
export * from './chatbots';
export * from './tiers';
