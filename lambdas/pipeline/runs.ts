import * as z from '#domain/common/validation.ts';
import { recordPipelineRun } from '#store/pipeline-runs.ts';

/**
 * What every state machine's last step receives about its execution: id, start and its own input
 * (schedules say { trigger: 'schedule' }; a person starting it by hand may say nothing).
 */
export const executionFields = {
  executionId: z.string(),
  startedAt: z.string(),
  input: z._default(z.looseObject({ trigger: z.optional(z.string()) }), {}),
};

type Execution = { executionId: string; startedAt: string; input: { trigger?: string | undefined } };

/** Records a finished run with its stats (the console's last-run panels read these). */
export async function recordRun(machine: string, execution: Execution, stats: Record<string, unknown>): Promise<void> {
  await recordPipelineRun({
    machine,
    executionId: execution.executionId,
    trigger: execution.input.trigger ?? 'manual',
    startedAt: execution.startedAt,
    status: 'succeeded',
    stats,
  });
}
