import { runTask, type TutorTask } from './solve';

/** Piscina's entry point: one task per call, in a worker thread, so CAS work never blocks the server. */
export default function handle(task: TutorTask): ReturnType<typeof runTask> {
  return runTask(task);
}
