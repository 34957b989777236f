import { atom } from 'nanostores';
import { UI } from '@/config';

export interface Toast {
  id: number;
  message: string;
  tone: 'error' | 'info';
}

/** Notifications at the bottom right (spec §9: 5 s each, at most 5 kept). */
export const $toasts = atom<readonly Toast[]>([]);

let nextId = 1;

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** Shows a toast for `UI.toast.durationMs`; the oldest goes when more than `UI.toast.max` are shown. */
export function pushToast(message: string, tone: Toast['tone'] = 'info'): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, message, tone }].slice(-UI.toast.max));
  setTimeout(() => dismissToast(id), UI.toast.durationMs);
  return id;
}
