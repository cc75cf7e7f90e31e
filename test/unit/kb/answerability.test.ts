import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAnswerabilityCalibration, questionSignals, relevanceOf, scoreCard, variantFeatures, variantFor, type CardSignals } from '../../../main/corpora/kb/answerability.js';
import { loadKbCalibration } from '../../../main/corpora/kb/kb-calibration-file.js';
import { uncoveredDrugsAgainst } from '../../../main/corpora/kb/kb-search.js';

const signals = (overrides: Partial<CardSignals>): CardSignals => ({
  rerank: null,
  cosine: null,
  keywordCoverage: 0,
  mentionCount: 0,
  uncoveredDrugs: 0,
  uncoveredConditions: 0,
  cardCoverage: 0,
  spanish: false,
  ...overrides,
});

function writeCalibration(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'cita-calibration-')), 'calibration.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe('the shipped answerability calibration', () => {
  const calibration = loadKbCalibration();

  it('has a calibrated variant for every set of available signals, each using the features chosen for it', () => {
    for (const [name, features] of Object.entries(variantFeatures)) {
      const variant = calibration.variants[name as keyof typeof variantFeatures];
      if (!variant) throw new Error(`the shipped calibration has no variant ${name}`);
      expect(variant.model.features).toEqual(features);
      expect(variant.threshold).toBeGreaterThan(0);
      expect(variant.threshold).toBeLessThan(1);
      expect(variant.weakThreshold).toBeLessThanOrEqual(variant.threshold);
    }
  });

  it('rises with the cross-encoder score and the cosine, and falls when the question names a drug no card covers', () => {
    const variant = calibration.variants['rerank+dense'];
    const base = scoreCard(variant, signals({ rerank: 0, cosine: 0.7 })).probability;
    expect(scoreCard(variant, signals({ rerank: 5, cosine: 0.7 })).probability).toBeGreaterThan(base);
    expect(scoreCard(variant, signals({ rerank: 0, cosine: 0.8 })).probability).toBeGreaterThan(base);
    expect(scoreCard(variant, signals({ rerank: 0, cosine: 0.7, mentionCount: 1, uncoveredDrugs: 1 })).probability).toBeLessThan(base);
  });

  it('records the embedder and reranker it was fitted with, and what it measured', () => {
    expect(calibration.embedder).toBe('bge-small-en-v1.5');
    expect(calibration.reranker).toMatch(/ms-marco-MiniLM-L-12-v2/);
    expect(calibration.variants['rerank+dense'].measured.test_unanswerable_refused).toEqual(expect.any(Number));
  });
});

describe('answerability from signals', () => {
  it('reads the question from its best candidate scores and its first card', () => {
    const question = questionSignals([signals({ rerank: -3, cosine: 0.8, keywordCoverage: 0.5 }), signals({ rerank: 4, cosine: 0.6, keywordCoverage: 1 })]);
    expect(question).toMatchObject({ rerank: 4, cosine: 0.8, keywordCoverage: 0.5 });
    expect(questionSignals([])).toBeNull();
  });

  it('counts a drug no card covers against every card but one about a behaviour with any medicine', () => {
    expect(uncoveredDrugsAgainst('adherence-barrier', 2)).toBe(0);
    for (const category of ['drug-interaction', 'escalation', 'motivational-interviewing', 'reference'] as const) expect(uncoveredDrugsAgainst(category, 2)).toBe(2);
  });

  it('picks the variant from the signals a search had', () => {
    expect(variantFor({ rerank: true, dense: true })).toBe('rerank+dense');
    expect(variantFor({ rerank: false, dense: true })).toBe('dense');
    expect(variantFor({ rerank: true, dense: false })).toBe('rerank');
    expect(variantFor({ rerank: false, dense: false })).toBe('keyword');
    expect(variantFor({ rerank: true, dense: true, examples: 'local' })).toBe('rerank+dense+examples');
    expect(variantFor({ rerank: true, dense: true, examples: 'local+multilingual' })).toBe('rerank+dense+examples+multilingual');
    // The examples are read only beside the cross-encoder and the embedder they were calibrated with.
    expect(variantFor({ rerank: false, dense: true, examples: 'local' })).toBe('dense');
  });

  it('reads the example questions: nearer an answered one is more answerable, nearer an unanswered one less, and the cross-encoder still counts', () => {
    for (const name of ['rerank+dense+examples', 'rerank+dense+examples+multilingual'] as const) {
      const variant = loadKbCalibration().variants[name];
      if (!variant) throw new Error(`the shipped calibration has no variant ${name}`);
      const near = { rerank: 0, cosine: 0.7, exampleAnswered: 0.75, exampleUnanswered: 0.75, exampleAnsweredMultilingual: 0.5, exampleUnansweredMultilingual: 0.5 };
      const base = scoreCard(variant, signals(near)).probability;
      expect(scoreCard(variant, signals({ ...near, exampleAnswered: 0.85 })).probability, name).toBeGreaterThan(base);
      expect(scoreCard(variant, signals({ ...near, exampleUnanswered: 0.85 })).probability, name).toBeLessThan(base);
      expect(scoreCard(variant, signals({ ...near, rerank: 5 })).probability, name).toBeGreaterThan(base);
      expect(scoreCard(variant, signals({ ...near, cosine: 0.8 })).probability, name).toBeGreaterThan(base);
      if (name === 'rerank+dense+examples+multilingual') {
        expect(scoreCard(variant, signals({ ...near, exampleAnsweredMultilingual: 0.7 })).probability).toBeGreaterThan(base);
        expect(scoreCard(variant, signals({ ...near, exampleUnansweredMultilingual: 0.7 })).probability).toBeLessThan(base);
      }
    }
  });

  it('labels a probability strong, weak or none against the thresholds', () => {
    const thresholds = { threshold: 0.4, weakThreshold: 0.2 };
    expect(relevanceOf(0.5, thresholds)).toBe('strong');
    expect(relevanceOf(0.3, thresholds)).toBe('weak');
    expect(relevanceOf(0.1, thresholds)).toBe('none');
  });

  it('refuses a calibration file naming a feature it does not know, or with lists of the wrong length', () => {
    const shipped = loadKbCalibration();
    const unknown = structuredClone(shipped);
    unknown.variants.dense.model.features = ['cosine', 'moon_phase'];
    expect(() => loadAnswerabilityCalibration(writeCalibration(unknown))).toThrow(/unknown feature "moon_phase"|other lengths/);
    const short = structuredClone(shipped);
    short.variants.dense.model.weights = [1];
    expect(() => loadAnswerabilityCalibration(writeCalibration(short))).toThrow(/other lengths/);
    expect(() => loadAnswerabilityCalibration(writeCalibration({ version: 2 }))).toThrow(/is invalid/);
  });
});
