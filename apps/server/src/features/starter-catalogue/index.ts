export { seedStarterCatalogue } from './seed';
