import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { isApiProblem } from '@/lib/api/api-problem';
import { messageForProblem } from '@/lib/api/error-messages';
import { getChallenge } from '../api/get-challenge';
import { solveChallenge } from '../api/solve-challenge';
import { FormAlert } from '../components/form-alert';
import { clearChallengeRedirect, readChallengeRedirect } from '../lib/challenge-redirect';
import { expectedWork } from '../lib/pow';
import { solvePuzzle } from '../lib/solve-puzzle';
import '../accounts.css';

type Phase = 'fetching' | 'solving' | 'submitting' | 'done' | 'failed';

/**
 * `/challenge`: after too many failed sign-ins the browser proves some work (SPEC §8) —
 * fetch a puzzle, solve it in a worker with visible progress, hand it in, go back.
 */
export function ChallengePage() {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('fetching');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    async function run() {
      setPhase('fetching');
      setProgress(0);
      setError(undefined);
      const puzzle = await getChallenge(controller.signal);
      setPhase('solving');
      const work = expectedWork(puzzle.difficulty);
      const solution = await solvePuzzle(
        puzzle,
        // Progress against the expected work; a lucky or unlucky puzzle still ends at 100 %.
        (tried) => setProgress(Math.min(99, Math.round((tried / (work * 2)) * 100))),
        controller.signal,
      );
      // Solved (possibly early: the search is luck) — only the server's answer is left.
      setProgress(95);
      setPhase('submitting');
      await solveChallenge({ id: puzzle.id, solution });
      setProgress(100);
      setPhase('done');
      const target = readChallengeRedirect();
      clearChallengeRedirect();
      void navigate(target, { replace: true });
    }
    run().catch((cause: unknown) => {
      if (controller.signal.aborted) return;
      setPhase('failed');
      setError(
        isApiProblem(cause)
          ? `${messageForProblem(cause)} Then start the check again.`
          : 'The check could not finish in this browser. Start it again; if it keeps failing, try another browser.',
      );
      headingRef.current?.focus();
    });
    return () => controller.abort();
  }, [attempt, navigate]);

  const status =
    phase === 'fetching'
      ? 'Preparing the check…'
      : phase === 'solving'
        ? 'Checking your browser…'
        : phase === 'submitting'
          ? 'Almost done…'
          : phase === 'done'
            ? 'Done. Taking you back…'
            : 'The check stopped.';

  return (
    <div className="container acct-page acct-page--narrow">
      <title>Security check — Uplink</title>
      <h1 className="acct-page__title" ref={headingRef} tabIndex={-1}>
        A quick security check
      </h1>
      <Card className="acct-card">
        <p>
          There were several unsuccessful sign-in attempts, so your browser now solves a small puzzle before you can try
          again. This takes a few seconds and needs nothing from you.
        </p>
        <div className="acct-progress">
          <progress max={100} value={progress} aria-label="Security check progress" />
          <span aria-hidden="true">{progress} %</span>
        </div>
        <p className="acct-progress__status" role="status" aria-live="polite">
          {status}
        </p>
        <FormAlert>{error}</FormAlert>
        {phase === 'failed' && (
          <Button onClick={() => setAttempt((value) => value + 1)}>Start the check again</Button>
        )}
      </Card>
    </div>
  );
}

export default ChallengePage;
