import { z } from 'zod';
import { operation } from './common.js';

export const demoRemovalSchema = z.object({
  /** False when there was no demo data to remove. */
  removed: z.boolean(),
  /** The demo profiles that went. */
  profiles: z.array(z.string()),
  foods: z.number().int(),
  entries: z.number().int(),
  targets: z.number().int(),
});
export type DemoRemoval = z.infer<typeof demoRemovalSchema>;

/** The demo profile a new data directory starts with (marked `demo` in profiles.list). */
export const demoOperations = {
  'demo.remove': operation({
    summary: 'Remove the demo data (the demo profile with its foods, diary and targets); it is never loaded again. Profiles of your own are not touched.',
    access: 'write',
    input: z.object({}).strict(),
    output: demoRemovalSchema,
  }),
};
