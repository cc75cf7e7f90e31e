import { createFoodsModule } from '../corpora/foods/foods-module.js';
import type { ModuleFactory } from './corpus-module.js';

/** Every feature module, in the order seeding and status list them. */
export const moduleFactories: ModuleFactory[] = [createFoodsModule];
