import { z } from 'zod';
import { nutrientKeys, nutrients, type NutrientKey } from '../nutrients.js';
import { operation, profileIdSchema } from './common.js';

const nutrientLimits: Record<string, number> = { g: 100, kcal: 1000, kJ: 4200, mg: 100_000 };

/** Nutrients per 100 g: known keys only, finite, non-negative, physically possible per 100 g. */
export const per100gSchema = z
  .object(
    Object.fromEntries(
      nutrients.map((nutrient) => [
        nutrient.key,
        z
          .number({ error: `${nutrient.key} must be a number` })
          .finite(`${nutrient.key} must be a finite number`)
          .min(0, `${nutrient.key} cannot be negative`)
          .max(nutrientLimits[nutrient.unit] as number, `${nutrient.key} cannot exceed ${nutrientLimits[nutrient.unit]} ${nutrient.unit} per 100 g`)
          .optional(),
      ]),
    ) as Record<NutrientKey, z.ZodOptional<z.ZodNumber>>,
  )
  .strict();

export const foodSchema = z.object({
  code: z.string(),
  name: z.string(),
  brand: z.string(),
  owner: z.string().nullable(),
  food_group: z.string(),
  /** From IFCT for the shared base ('' for a profile's own foods). */
  scientific_name: z.string(),
  /** IFCT's names in Indian languages and English, as published ("H. Santra; E. Orange"). */
  local_names: z.string(),
  source: z.string(),
  per100g: z.partialRecord(z.enum(nutrientKeys as [NutrientKey, ...NutrientKey[]]), z.number()),
});
export type Food = z.infer<typeof foodSchema>;

// eslint-disable-next-line no-control-regex -- names are refused for holding control characters
const controlCharacters = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u2028-\u202E\u2060-\u2064\uFEFF]/;

const foodNameSchema = z
  .string()
  .trim()
  .min(1, 'the food name is empty')
  .max(200, 'the food name is longer than 200 characters')
  .refine((name) => !controlCharacters.test(name), 'the food name contains control or invisible characters')
  .refine((name) => /[\p{L}\p{N}]/u.test(name), 'the food name needs at least one letter or digit');
const brandSchema = z
  .string()
  .trim()
  .max(200, 'the brand is longer than 200 characters')
  .refine((brand) => !controlCharacters.test(brand), 'the brand contains control or invisible characters');
/** A profile's display name: one printable line. */
export const profileNameSchema = z
  .string()
  .trim()
  .min(1, 'the name is empty')
  .max(100, 'the name is longer than 100 characters')
  .refine((text) => !controlCharacters.test(text), 'the name contains control or invisible characters');

const foodCodeSchema = z.string().trim().min(1, 'the food code is empty').max(80, 'the food code is longer than 80 characters');

/** A household unit of a food ("large egg", "cup (240 ml)") and its weight; shipped ones cite where the weight comes from. */
export const portionSchema = z.object({
  id: z.number().int(),
  food: z.string(),
  /** Singular, as a person says it; a profile's own portion has the same name in both languages. */
  name: z.object({ en: z.string(), es: z.string() }),
  grams: z.number(),
  /** The published measure it was read from (USDA FoodData Central, SR Legacy), or 'user' for a profile's own. */
  source: z.string(),
  own: z.boolean(),
});
export type Portion = z.infer<typeof portionSchema>;

const portionNameSchema = z
  .string()
  .trim()
  .min(1, 'the portion name is empty')
  .max(80, 'the portion name is longer than 80 characters')
  .refine((text) => !controlCharacters.test(text), 'the portion name contains control or invisible characters')
  .refine((text) => /\p{L}/u.test(text), 'the portion name needs a letter ("slice", "bowl")');

export const foodsOperations = {
  'foods.add': operation({
    summary: "Add a food to a profile's own catalog; nutrients per 100 g.",
    access: 'write',
    input: z.object({ profile: profileIdSchema.default('default'), name: foodNameSchema, brand: brandSchema.default(''), per100g: per100gSchema }).strict(),
    output: foodSchema,
  }),
  'foods.update': operation({
    summary: "Change a profile's own food (never the shared base); its vector becomes stale and is re-embedded.",
    access: 'write',
    input: z.object({ profile: profileIdSchema.default('default'), code: foodCodeSchema, name: foodNameSchema.optional(), brand: brandSchema.optional(), per100g: per100gSchema.optional() }).strict(),
    output: foodSchema,
  }),
  'foods.get': operation({
    summary: 'One food visible to the profile, by code.',
    access: 'read',
    input: z.object({ profile: profileIdSchema.default('default'), code: foodCodeSchema }).strict(),
    output: foodSchema,
  }),
  'foods.portions': operation({
    summary: 'The household units of a food visible to the profile (shipped ones and its own), each with its grams.',
    access: 'read',
    input: z.object({ profile: profileIdSchema.default('default'), code: foodCodeSchema }).strict(),
    output: z.array(portionSchema),
  }),
  'foods.portions.add': operation({
    summary: 'Define a household unit of a food visible to the profile ("slice" = 30 g), for the profile\'s own use.',
    access: 'write',
    input: z
      .object({
        profile: profileIdSchema.default('default'),
        code: foodCodeSchema,
        name: portionNameSchema,
        grams: z.number({ error: 'grams must be a number' }).finite('grams must be a finite number').gt(0, 'grams must be greater than 0').max(5000, 'a portion cannot weigh more than 5000 g'),
      })
      .strict(),
    output: portionSchema,
  }),
  'profiles.add': operation({
    summary: 'Create an empty profile: its own foods and diary, isolated from every other profile.',
    access: 'write',
    input: z.object({ id: profileIdSchema, name: profileNameSchema.optional() }).strict(),
    output: z.object({ id: z.string(), name: z.string() }),
  }),
  'profiles.list': operation({
    summary: 'The profiles of this data directory; `demo` marks the demo data cita loaded (removable with demo.remove).',
    access: 'read',
    input: z.object({}).strict(),
    output: z.array(z.object({ id: z.string(), name: z.string(), demo: z.boolean() })),
  }),
};
