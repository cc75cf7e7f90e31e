import { join } from 'node:path';
import { packageRoot } from '../../paths.js';
import { loadAnswerabilityCalibration, type AnswerabilityCalibration } from './answerability.js';

/** The shipped calibration, written by `npm run calibrate:kb` (scripts/calibrate-kb.ts) and committed. */
export function kbCalibrationPath(): string {
  return join(packageRoot(), 'kb', 'calibration', 'kb-answerability.json');
}

/** The shipped answerability calibration. */
export function loadKbCalibration(path: string = kbCalibrationPath()): AnswerabilityCalibration {
  return loadAnswerabilityCalibration(path);
}
