/**
 * Toast state shared by every island on a page (nanostores: a store and its actions together).
 * One toast visible at a time, 5 s by default; a dismissed toast is dropped from memory.
 */
import { atom } from 'nanostores';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  duration: number;
  open: boolean;
}

export const $toasts = atom<ToastItem[]>([]);

/**
 * Window event raised with every toast, so a toast region that hydrates on interaction
 * (`client:interaction="page"`) wakes up for a toast raised by a plain script.
 */
export const TOAST_EVENT = 'maple:toast';
let nextId = 1;

/** Shows a toast (replacing the visible one: only TOAST_LIMIT are kept). Returns its id. */
export function toast(input: {
  title: string;
  description?: string;
  variant?: ToastItem['variant'];
  duration?: number;
}): number {
  const id = nextId++;
  const item: ToastItem = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DURATION_MS,
    open: true,
  };
  $toasts.set([item, ...$toasts.get()].slice(0, TOAST_LIMIT));
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOAST_EVENT));
  return id;
}

/** Closes a toast and forgets it. */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
