import { stack } from '../../../lib/stack-description.ts';

/** What the costs bench multiplies out: unit prices, a unit of work's billed quantities, and their sums. */

/**
 * ap-south-1 (Mumbai) on-demand unit prices in USD, as of 2026, from memory of the AWS price list (no
 * internet here): check every one against https://aws.amazon.com/pricing before quoting the bill.
 */
export const PRICES = {
  dynamoWriteRequestUnitPerMillion: 0.7116,
  dynamoReadRequestUnitPerMillion: 0.1423,
  dynamoStorageGbMonth: 0.285,
  /** The stack's Lambdas run on arm64 (Graviton), billed below x86's $0.0000166667. */
  lambdaGbSecond: 0.0000133334,
  lambdaRequestPerMillion: 0.2,
  stepFunctionsTransitionPerThousand: 0.025,
  /** Express workflows (the Distributed Map's children): per request, and per GB-second billed in 64 MB steps. */
  stepFunctionsExpressRequestPerMillion: 1.0,
  stepFunctionsExpressGbSecond: 0.00001667,
  sesMailPerThousand: 0.1,
  httpApiRequestPerMillion: 1.0,
};

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

export const memoryGbOf = (name: string) => (stack.functions.find((fn) => fn.name === name)?.memoryMb ?? 512) / 1024;
/** Lambda bills each invocation's duration rounded up to the millisecond. */
export const gbSeconds = (durationsMs: number[], memoryGb: number) => durationsMs.reduce((sum, ms) => sum + Math.ceil(ms), 0) / 1000 * memoryGb;
export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
export const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;
export const usd = (value: number) => (value >= 100 ? `$${value.toFixed(0)}` : value >= 1 ? `$${value.toFixed(2)}` : `$${value.toFixed(3)}`);

export interface UnitCost {
  label: string;
  readUnits: number;
  writeUnits: number;
  gbSeconds: number;
  lambdaInvocations: number;
  transitions: number;
  /** Express child executions (a Distributed Map's batches) and their billed GB-seconds. */
  expressRequests?: number;
  expressGbSeconds?: number;
  mails: number;
  apiRequests: number;
}

/** An Express execution's billed memory: 64 MB, the smallest step (the children pass a few kB). */
export const EXPRESS_MEMORY_GB = 64 / 1024;

export function dollars(cost: UnitCost) {
  return {
    dynamo: (cost.readUnits * PRICES.dynamoReadRequestUnitPerMillion + cost.writeUnits * PRICES.dynamoWriteRequestUnitPerMillion) / 1e6,
    lambda: cost.gbSeconds * PRICES.lambdaGbSecond + (cost.lambdaInvocations * PRICES.lambdaRequestPerMillion) / 1e6,
    stepFunctions:
      (cost.transitions * PRICES.stepFunctionsTransitionPerThousand) / 1000 +
      ((cost.expressRequests ?? 0) * PRICES.stepFunctionsExpressRequestPerMillion) / 1e6 +
      (cost.expressGbSeconds ?? 0) * PRICES.stepFunctionsExpressGbSecond,
    ses: (cost.mails * PRICES.sesMailPerThousand) / 1000,
    api: (cost.apiRequests * PRICES.httpApiRequestPerMillion) / 1e6,
  };
}

export function printUnit(cost: UnitCost): void {
  console.log(
    `  ${cost.label}: ${round(cost.readUnits)} RRU, ${round(cost.writeUnits)} WRU, ${round(cost.gbSeconds, 2)} GB-s over ${round(cost.lambdaInvocations)} invocations, ` +
      `${round(cost.transitions)} transitions, ${round(cost.expressRequests ?? 0)} Express requests (${round(cost.expressGbSeconds ?? 0, 2)} GB-s), ${round(cost.mails)} mails, ${round(cost.apiRequests)} API requests`,
  );
}

export const scaled = (cost: UnitCost, factor: number, label: string): UnitCost => ({
  label,
  readUnits: cost.readUnits * factor,
  writeUnits: cost.writeUnits * factor,
  gbSeconds: cost.gbSeconds * factor,
  lambdaInvocations: cost.lambdaInvocations * factor,
  transitions: cost.transitions * factor,
  expressRequests: (cost.expressRequests ?? 0) * factor,
  expressGbSeconds: (cost.expressGbSeconds ?? 0) * factor,
  mails: cost.mails * factor,
  apiRequests: cost.apiRequests * factor,
});

export const add = (label: string, ...costs: UnitCost[]): UnitCost => ({
  label,
  readUnits: sum(costs.map((cost) => cost.readUnits)),
  writeUnits: sum(costs.map((cost) => cost.writeUnits)),
  gbSeconds: sum(costs.map((cost) => cost.gbSeconds)),
  lambdaInvocations: sum(costs.map((cost) => cost.lambdaInvocations)),
  transitions: sum(costs.map((cost) => cost.transitions)),
  expressRequests: sum(costs.map((cost) => cost.expressRequests ?? 0)),
  expressGbSeconds: sum(costs.map((cost) => cost.expressGbSeconds ?? 0)),
  mails: sum(costs.map((cost) => cost.mails)),
  apiRequests: sum(costs.map((cost) => cost.apiRequests)),
});

/** One ingest run's cost from its metered capacity and its history (the parent's and its Express children's). */
export function ingestRunCost(
  label: string,
  db: { readUnits: number; writeUnits: number },
  history: { taskMs: number[]; transitions: number; expressRequests: number; expressMs: number[] },
): UnitCost {
  return {
    label,
    readUnits: db.readUnits,
    writeUnits: db.writeUnits,
    gbSeconds: gbSeconds(history.taskMs, memoryGbOf('ingest')),
    lambdaInvocations: history.taskMs.length,
    transitions: history.transitions,
    expressRequests: history.expressRequests,
    expressGbSeconds: (sum(history.expressMs) / 1000) * EXPRESS_MEMORY_GB,
    mails: 0,
    apiRequests: 0,
  };
}
