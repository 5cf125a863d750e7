import { Button } from '@/components/ui/button';

/** Last-resort screen for an error no page handled. */
export function AppErrorScreen() {
  return (
    <main id="main" className="status-screen">
      <div className="status-screen__card" role="alert">
        <h1 className="status-screen__title">Something went wrong</h1>
        <p className="status-screen__text">
          This page ran into a problem and has been reported. Reload to try again, or go back to the home page.
        </p>
        <div className="status-screen__actions">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <a className="ui-button ui-button--secondary ui-button--md" href="/">
            Go to the home page
          </a>
        </div>
      </div>
    </main>
  );
}
