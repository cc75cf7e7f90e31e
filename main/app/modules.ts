import { createCatalogModule } from '../corpora/catalog/catalog-module.js';
import { createDiaryModule } from '../corpora/diary/diary-module.js';
import { createFoodsModule } from '../corpora/foods/foods-module.js';
import { createKbModule } from '../corpora/kb/kb-module.js';
import { createManualsModule } from '../corpora/manuals/manuals-module.js';
import type { ModuleFactory } from '../corpora/corpus-module.js';

/** Every feature module, in the order seeding and status list them. */
export const moduleFactories: ModuleFactory[] = [createFoodsModule, createCatalogModule, createKbModule, createDiaryModule, createManualsModule];
