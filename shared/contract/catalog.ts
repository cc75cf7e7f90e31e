import { z } from 'zod';
import { operation } from './common.js';
import { catalogNoteSchema } from './search.js';

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
export type CatalogSource = z.infer<typeof catalogSourceSchema>;

/** A field as the source page and the related fields list it: enough to name it and open its page. */
export const catalogFieldSummarySchema = z.object({
  source: z.string(),
  source_name: z.string(),
  physical_name: z.string(),
  business_name: z.string(),
  data_type: z.string(),
  /** How many tribal notes the field has. */
  notes: z.number().int(),
});
export type CatalogFieldSummary = z.infer<typeof catalogFieldSummarySchema>;

/** One field's page: what it is, where it lives, every tribal note with when it applies, and the fields near it. */
export const catalogFieldPageSchema = z.object({
  source: catalogSourceSchema,
  physical_name: z.string(),
  business_name: z.string(),
  definition: z.string(),
  data_type: z.string(),
  /** Every note, explained for no question in particular: `always`, or the terms or language a question needs. */
  notes: z.array(catalogNoteSchema),
  /** Other fields a catalog search for this field's business name finds, best first. */
  related: z.array(catalogFieldSummarySchema),
});
export type CatalogFieldPage = z.infer<typeof catalogFieldPageSchema>;

/** One source's page: the source and its fields. */
export const catalogSourcePageSchema = z.object({ source: catalogSourceSchema, fields: z.array(catalogFieldSummarySchema) });
export type CatalogSourcePage = z.infer<typeof catalogSourcePageSchema>;

const sourceIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z_]+$/, 'a source id is lower-case letters and underscores');

export const catalogOperations = {
  'catalog.sources': operation({
    summary: 'The sources (systems) of the data catalog with their owners, descriptions and field counts.',
    access: 'read',
    input: z.object({}).strict(),
    output: z.array(catalogSourceSchema),
  }),
  'catalog.field': operation({
    summary: 'One field of the data catalog by source and physical name: definition, type, source, every tribal note with when it applies, related fields.',
    access: 'read',
    input: z.object({ source: sourceIdSchema, physical_name: z.string().min(1).max(128) }).strict(),
    output: catalogFieldPageSchema,
  }),
  'catalog.source': operation({
    summary: 'One source (system) of the data catalog with its fields, for browsing it.',
    access: 'read',
    input: z.object({ id: sourceIdSchema }).strict(),
    output: catalogSourcePageSchema,
  }),
};
