import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { type JsonObject, keep, service, tableConfig } from './table/table.ts';

export const PipelineRun = new Entity({
  model: { entity: 'pipelineRun', version: '1', service },
  attributes: {
    machine: { type: 'string', required: true },
    executionId: { type: 'string', required: true },
    trigger: { type: 'string', default: 'manual' },
    status: { type: ['running', 'succeeded', 'failed'] as const, default: 'running' },
    startedAt: { type: 'string', required: true },
    endedAt: { type: 'string' },
    stats: { type: CustomAttributeType<JsonObject>('any') },
  },
  indexes: {
    /** A state machine's runs, newest first ("last run stats", ML status). */
    byMachine: {
      pk: { field: 'pk', composite: ['machine'], casing: keep },
      sk: { field: 'sk', composite: ['startedAt', 'executionId'], casing: keep },
    },
  },
}, tableConfig);

export type PipelineRunItem = EntityItem<typeof PipelineRun>;

export async function recordPipelineRun(run: Omit<PipelineRunItem, 'endedAt'>): Promise<void> {
  await PipelineRun.upsert({ ...run, endedAt: new Date().toISOString() }).go();
}

/** The latest runs of one state machine, newest first. */
export async function latestPipelineRuns(machine: string, limit = 10): Promise<PipelineRunItem[]> {
  const { data } = await PipelineRun.query.byMachine({ machine }).go({ order: 'desc', limit });
  return data;
}
