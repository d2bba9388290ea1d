import type { EntityItem } from 'electrodb';
import { PipelineRun } from './entities.ts';

export type PipelineRunItem = EntityItem<typeof PipelineRun>;

export async function recordPipelineRun(run: Omit<PipelineRunItem, 'endedAt'>): Promise<void> {
  await PipelineRun.upsert({ ...run, endedAt: new Date().toISOString() }).go();
}

/** The latest runs of one state machine, newest first. */
export async function latestPipelineRuns(machine: string, limit = 10): Promise<PipelineRunItem[]> {
  const { data } = await PipelineRun.query.byMachine({ machine }).go({ order: 'desc', limit });
  return data;
}
