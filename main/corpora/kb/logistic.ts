/** A fitted logistic regression on standardised features: p = σ(bias + Σ weight · (x − mean) / scale). */
export interface LogisticModel {
  features: string[];
  means: number[];
  scales: number[];
  weights: number[];
  bias: number;
}

/** The logistic function, safe for large arguments. */
export function sigmoid(value: number): number {
  if (value >= 0) return 1 / (1 + Math.exp(-value));
  const exp = Math.exp(value);
  return exp / (1 + exp);
}

/** Each feature's contribution to the log-odds, in the model's feature order. */
export function contributions(model: LogisticModel, values: readonly number[]): number[] {
  return model.features.map((_feature, index) => {
    const scale = model.scales[index] || 1;
    return (model.weights[index] ?? 0) * ((values[index] ?? 0) - (model.means[index] ?? 0)) / scale;
  });
}

/** The model's probability for one example. */
export function predict(model: LogisticModel, values: readonly number[]): number {
  return sigmoid(model.bias + contributions(model, values).reduce((sum, value) => sum + value, 0));
}

/**
 * Fits by Newton's method (iteratively reweighted least squares) with an L2 penalty on the weights, not the bias:
 * deterministic, so the same examples always give the same shipped coefficients. Features are standardised first so
 * one penalty suits them all. `balance` weights each class by half the examples, so a set with more answerable than
 * unanswerable questions does not tilt the bias.
 */
export function fitLogistic(
  features: string[],
  rows: ReadonlyArray<{ values: readonly number[]; label: 0 | 1 }>,
  options: { l2?: number; iterations?: number; balance?: boolean } = {},
): LogisticModel {
  const l2 = options.l2 ?? 1;
  const width = features.length;
  if (rows.length === 0) throw new Error('fitLogistic: no examples');
  const means = features.map((_feature, column) => rows.reduce((sum, row) => sum + (row.values[column] ?? 0), 0) / rows.length);
  const scales = features.map((_feature, column) => {
    const variance = rows.reduce((sum, row) => sum + ((row.values[column] ?? 0) - (means[column] ?? 0)) ** 2, 0) / rows.length;
    return variance > 1e-12 ? Math.sqrt(variance) : 1;
  });
  const positives = rows.filter((row) => row.label === 1).length;
  const classWeight = (label: 0 | 1) => {
    if (!options.balance) return 1;
    const count = label === 1 ? positives : rows.length - positives;
    return count === 0 ? 1 : rows.length / (2 * count);
  };
  const design = rows.map((row) => [1, ...row.values.map((value, column) => (value - (means[column] ?? 0)) / (scales[column] ?? 1))]);
  const theta = new Array<number>(width + 1).fill(0);
  for (let iteration = 0; iteration < (options.iterations ?? 50); iteration += 1) {
    const gradient = new Array<number>(width + 1).fill(0);
    const hessian = Array.from({ length: width + 1 }, () => new Array<number>(width + 1).fill(0));
    rows.forEach((row, index) => {
      const x = design[index] as number[];
      const p = sigmoid(x.reduce((sum, value, column) => sum + value * (theta[column] ?? 0), 0));
      const weight = classWeight(row.label);
      for (let a = 0; a <= width; a += 1) {
        gradient[a] = (gradient[a] ?? 0) + weight * ((x[a] ?? 0) * (p - row.label));
        for (let b = 0; b <= width; b += 1) (hessian[a] as number[])[b] = ((hessian[a] as number[])[b] ?? 0) + weight * p * (1 - p) * (x[a] ?? 0) * (x[b] ?? 0);
      }
    });
    for (let a = 1; a <= width; a += 1) {
      gradient[a] = (gradient[a] ?? 0) + l2 * (theta[a] ?? 0);
      (hessian[a] as number[])[a] = ((hessian[a] as number[])[a] ?? 0) + l2;
    }
    const step = solve(hessian, gradient);
    let change = 0;
    for (let a = 0; a <= width; a += 1) {
      theta[a] = (theta[a] ?? 0) - (step[a] ?? 0);
      change = Math.max(change, Math.abs(step[a] ?? 0));
    }
    if (change < 1e-9) break;
  }
  return { features, means, scales, weights: theta.slice(1), bias: theta[0] ?? 0 };
}

/** Gaussian elimination with partial pivoting; the penalised Hessian is positive definite. */
function solve(matrix: number[][], vector: number[]): number[] {
  const size = vector.length;
  const a = matrix.map((row, index) => [...row, vector[index] ?? 0]);
  for (let column = 0; column < size; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < size; row += 1) if (Math.abs(a[row]?.[column] ?? 0) > Math.abs(a[pivot]?.[column] ?? 0)) pivot = row;
    [a[column], a[pivot]] = [a[pivot] as number[], a[column] as number[]];
    const lead = a[column]?.[column] ?? 0;
    if (Math.abs(lead) < 1e-15) continue;
    for (let row = 0; row < size; row += 1) {
      if (row === column) continue;
      const factor = (a[row]?.[column] ?? 0) / lead;
      for (let k = column; k <= size; k += 1) (a[row] as number[])[k] = (a[row]?.[k] ?? 0) - factor * (a[column]?.[k] ?? 0);
    }
  }
  return a.map((row, index) => (row[size] ?? 0) / ((row[index] ?? 0) || 1));
}
