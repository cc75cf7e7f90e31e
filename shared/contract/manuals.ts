import { z } from 'zod';
import { operation } from './common.js';

/** A manual's citation and size: what the manuals list shows. */
export const manualSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  source_name: z.string(),
  source_url: z.string(),
  sections: z.number().int(),
  passages: z.number().int(),
});
export type ManualSummary = z.infer<typeof manualSummarySchema>;

/** One node of a manual's tree: its heading, its parent, and its extractive summary (its own sentences). */
export const manualSectionSchema = z.object({
  index: z.number().int(),
  /** The enclosing section's index, null at the top. */
  parent_index: z.number().int().nullable(),
  level: z.number().int(),
  heading: z.string(),
  key: z.string(),
  /** Sentences of the section itself, chosen by the embedder (or its first ones: `summary_by` "lead"); '' when it has no text of its own. */
  summary: z.string(),
  summary_by: z.string(),
  passages: z.number().int(),
});
export type ManualSection = z.infer<typeof manualSectionSchema>;

export const manualTreeSchema = manualSummarySchema.extend({ tree: z.array(manualSectionSchema) });
export type ManualTree = z.infer<typeof manualTreeSchema>;

export const manualsOperations = {
  'manuals.list': operation({
    summary: 'Every loaded manual (id, title, source and URL, section and passage counts), by id.',
    access: 'read',
    input: z.object({}).strict(),
    output: z.array(manualSummarySchema),
  }),
  'manuals.tree': operation({
    summary: 'One manual as its tree: sections in reading order, each with its parent and its extractive summary.',
    access: 'read',
    input: z
      .object({
        id: z
          .string()
          .trim()
          .min(1, 'the manual id is empty')
          .max(100, 'the manual id is longer than 100 characters')
          .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a manual id is lowercase words joined by hyphens'),
      })
      .strict(),
    output: manualTreeSchema,
  }),
};
