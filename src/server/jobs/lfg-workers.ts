/**
 * NOTE: this node's share of looking-for-group's timed jobs (ADR 052): reminders and ends, a few at a time. Every
 * node works them (they are short); the queue gives each job to one node.
 */
import { LFG_END_QUEUE, LFG_REMINDER_QUEUE, type LfgJob, type LfgSchedule } from '../services/lfg/lfg-schedule.service.ts';
import type { JobQueue } from './job-queue.ts';

export async function startLfgWorkers(queue: JobQueue, schedule: LfgSchedule): Promise<void> {
  await schedule.define();
  await queue.work<LfgJob>(LFG_REMINDER_QUEUE, 2, (job) => schedule.remind(job));
  await queue.work<LfgJob>(LFG_END_QUEUE, 2, (job) => schedule.end(job));
}
