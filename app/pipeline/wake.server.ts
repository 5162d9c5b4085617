// Wakes the worker(s) of this process at once when work is recorded (a paid order, a studio event,
// a merchant action), instead of waiting for the next poll. The emitter lives on globalThis so that
// every copy of this module in the process (Vite SSR and the test runner, dev reloads) shares it.
import { EventEmitter } from "node:events";

declare global {
  var __printStudioWake: EventEmitter | undefined;
}

function emitter(): EventEmitter {
  globalThis.__printStudioWake ??= new EventEmitter().setMaxListeners(100);
  return globalThis.__printStudioWake;
}

export function wakeWorker(): void {
  emitter().emit("wake");
}

/** Subscribes; returns the unsubscribe function. */
export function onWake(listener: () => void): () => void {
  const e = emitter();
  e.on("wake", listener);
  return () => e.off("wake", listener);
}
