import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../../../shared/settings.js';
import { changesEmbedder, draftOf, patchOf } from '../../../renderer/src/features/settings/settings-draft.js';
import { embedderName } from '../../../renderer/src/features/status/embedder-choice.js';
import { secondsLeft } from '../../../renderer/src/features/status/eta.js';

const defaults = settingsSchema.parse({});

describe('the settings form draft', () => {
  it('saves what it loaded unchanged, with a decimal comma read as a point', () => {
    const draft = draftOf(defaults);
    const built = patchOf({ ...draft, maxDist: '0,5' });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.patch.foods?.max_dist).toBe(0.5);
    expect(built.patch.embedder).toMatchObject({ provider: defaults.embedder.provider, cloud_pause_ms: defaults.embedder.cloud_pause_ms });
    expect(patchOf(draft).ok && (patchOf(draft) as { patch: { foods: { max_dist: unknown } } }).patch.foods.max_dist).toBe(defaults.foods.max_dist);
  });

  it('names every field that is not a number and sends nothing; an empty optional field means "calibrated"', () => {
    const draft = draftOf(defaults);
    expect(patchOf({ ...draft, maxDist: 'abc', rrfK: '', minAnswerability: 'high' })).toEqual({ ok: false, fields: ['maxDist', 'rrfK', 'minAnswerability'] });
    const calibrated = patchOf({ ...draft, maxDist: ' ', minAnswerability: '' });
    expect(calibrated.ok && calibrated.patch.kb?.min_answerability).toBeNull();
    // A threshold switched off is not read at all.
    expect(patchOf({ ...draft, thresholdOn: false, threshold: 'x' }).ok).toBe(true);
  });

  it('carries the cross-language and glossary switches both ways', () => {
    const draft = draftOf(settingsSchema.parse({ language: { cross_language: false } }));
    expect(draft.crossLanguage).toBe(false);
    expect(draft.glossary).toBe(true);
    const built = patchOf({ ...draft, glossary: false });
    expect(built.ok && built.patch.language).toEqual({ cross_language: false, glossary: false });
  });

  it('knows when a save changes the vectors the search needs', () => {
    const draft = draftOf(defaults);
    expect(changesEmbedder(draft, defaults)).toBe(false);
    expect(changesEmbedder({ ...draft, dtype: 'fp32' }, defaults)).toBe(true);
    expect(changesEmbedder({ ...draft, provider: 'gemini' }, defaults)).toBe(true);
    expect(changesEmbedder({ ...draft, provider: 'none', dtype: 'fp32' }, { ...defaults, embedder: { ...defaults.embedder, provider: 'none' } })).toBe(false);
  });

  it('names the embedder in use from its id', () => {
    expect(embedderName('local:bge-small-en-v1.5:384:q8:bgeq1')).toEqual({ provider: 'local', model: 'bge-small-en-v1.5', detail: 'q8' });
    expect(embedderName('gemini:gemini-embedding-001:768:x')).toMatchObject({ provider: 'gemini', model: 'gemini-embedding-001' });
    expect(embedderName(null)).toBeNull();
  });

  it('estimates the time left from the pace since the first progress seen', () => {
    expect(secondsLeft({ at: 0, done: 0 }, { at: 10_000, done: 100 }, 1000)).toBe(90);
    expect(secondsLeft({ at: 0, done: 50 }, { at: 0, done: 50 }, 1000)).toBeNull();
    expect(secondsLeft({ at: 0, done: 0 }, { at: 5000, done: 1000 }, 1000)).toBe(0);
  });
});
