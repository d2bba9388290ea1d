import { readdirSync } from 'node:fs';
import path from 'node:path';
import aslValidator from 'asl-validator';
import { describe, expect, it } from 'vitest';
import { placeholdersOf, readAsl, taskStates } from '../../lib/asl.ts';
import { nextRun } from '../../lib/local/scheduler.ts';
import { routeKey, stack } from '../../lib/stack-description.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

describe('the stack description', () => {
  it('names every function once, and every route, machine, schedule and consumer points at something that exists', () => {
    const functionNames = stack.functions.map((fn) => fn.name);
    expect(new Set(functionNames).size).toBe(functionNames.length);
    for (const route of stack.routes) expect(functionNames).toContain(route.fn);
    for (const consumer of stack.streamConsumers) expect(functionNames).toContain(consumer.fn);
    const machines = stack.stateMachines.map((machine) => machine.name);
    for (const schedule of stack.schedules) expect(machines).toContain(schedule.stateMachine);
    for (const machine of stack.stateMachines) {
      for (const fn of Object.values(machine.functions)) expect(functionNames).toContain(fn);
    }
    const keys = stack.routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('describes every ASL file in state-machines/', () => {
    const files = readdirSync(path.join(repoRoot, 'state-machines')).map((file) => `state-machines/${file}`);
    expect(files.sort()).toEqual(stack.stateMachines.map((machine) => machine.file).sort());
  });

  it.each(stack.stateMachines.map((machine) => [machine.name, machine] as const))(
    'state machine %s is valid ASL in JSONPath whose placeholders are all bound',
    (_name, machine) => {
      const definition = readAsl(machine.file);
      const { isValid, errors } = aslValidator(definition as never);
      expect(errors ?? []).toEqual([]);
      expect(isValid).toBe(true);
      expect(JSON.stringify(definition)).not.toMatch(/QueryLanguage"\s*:\s*"JSONata"|"Assign"/);
      expect(placeholdersOf(definition).sort()).toEqual(Object.keys(machine.functions).sort());
      for (const task of taskStates(definition)) expect(task.resource).toMatch(/^\$\{\w+\}$/);
    },
  );

  // Importing every function compiles most of the codebase: seconds on a busy 2-core machine, not a timing check.
  it('loads every function entry, whose router matches the described routes', { timeout: 60_000 }, async () => {
    for (const fn of stack.functions) {
      const module = (await import(path.join(repoRoot, fn.entry))) as { handler?: unknown };
      expect(typeof module.handler, fn.entry).toBe('function');
    }
  });
});

describe('schedules', () => {
  it('run the lifecycle at 06:00 and 18:00 India time', () => {
    const lifecycle = stack.schedules.find((schedule) => schedule.stateMachine === 'lifecycle');
    expect(lifecycle?.timezone).toBe('Asia/Kolkata');
    const first = nextRun(lifecycle!, new Date('2026-11-22T00:00:00.000Z'));
    const second = nextRun(lifecycle!, first);
    expect([first.toISOString(), second.toISOString()]).toEqual(['2026-11-22T00:30:00.000Z', '2026-11-22T12:30:00.000Z']);
  });

  it('reads rate expressions', () => {
    const from = new Date('2026-11-22T00:00:00.000Z');
    expect(nextRun({ expression: 'rate(30 minutes)', timezone: 'Asia/Kolkata' }, from).toISOString()).toBe('2026-11-22T00:30:00.000Z');
    expect(() => nextRun({ expression: 'every now and then', timezone: 'Asia/Kolkata' }, from)).toThrow(/not understood/);
  });
});
