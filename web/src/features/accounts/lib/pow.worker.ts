/// <reference lib="webworker" />
import { solve, type PowPuzzle } from './pow';

// Solves one puzzle off the main thread and posts progress / the solution back.
self.onmessage = (event: MessageEvent<PowPuzzle>) => {
  void solve(event.data, (message) => self.postMessage(message));
};
