import { z } from 'zod';
import { operation } from './common.js';

/** A system or subject area of the data catalog, as kb/catalog/README.md describes it. */
export const catalogSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  system: z.string(),
  /** The data-owner unit. */
  owner: z.string(),
  description: z.string(),
  /** How many fields of the catalog belong to it. */
  fields: z.number().int(),
});

export const catalogOperations = {
  'catalog.sources': operation({
    summary: 'The sources (systems) of the data catalog with their owners, descriptions and field counts.',
    access: 'read',
    input: z.object({}).strict(),
    output: z.array(catalogSourceSchema),
  }),
};
