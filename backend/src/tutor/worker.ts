import { runTask, type TaskResult, type TutorTask } from '@studyease/tutor';

/** Piscina's entry point: one task per call, in a worker thread, so CAS work never blocks the server. */
export default function handle(task: TutorTask): TaskResult {
  return runTask(task);
}
