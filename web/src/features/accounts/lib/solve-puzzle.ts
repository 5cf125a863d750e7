import { solve, type PowMessage, type PowPuzzle } from './pow';

/**
 * Solves a puzzle in a Web Worker (the page stays responsive) and reports progress; where
 * workers are unavailable (tests, very old browsers) the same search runs in slices here.
 * Resolves with the solution; rejects when aborted or when no solution was found.
 */
export function solvePuzzle(
  puzzle: PowPuzzle,
  onProgress: (tried: number) => void,
  signal: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const handle = (message: PowMessage) => {
      if (message.type === 'progress') onProgress(message.tried);
      else if (message.type === 'solved') {
        onProgress(message.tried);
        resolve(message.solution);
      } else reject(new Error('No solution found'));
    };
    if (typeof Worker === 'undefined') {
      void solve(puzzle, handle, signal);
      signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      return;
    }
    const worker = new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => worker.terminate();
    signal.addEventListener('abort', () => {
      stop();
      reject(new DOMException('Aborted', 'AbortError'));
    });
    worker.onmessage = (event: MessageEvent<PowMessage>) => {
      handle(event.data);
      if (event.data.type !== 'progress') stop();
    };
    worker.onerror = (event) => {
      stop();
      reject(new Error(event.message || 'The puzzle solver stopped'));
    };
    worker.postMessage(puzzle);
  });
}
