import { Button } from '@/components/ui/button';

export function ChunkLoadErrorScreen() {
  return (
    <main id="main" className="status-screen">
      <div className="status-screen__card" role="alert">
        <h1 className="status-screen__title">We couldn’t load this part of the store</h1>
        <p className="status-screen__text">
          Your connection may have dropped, or Uplink was updated while this page was open. Reload the page to get the
          latest version — your cart and account are kept.
        </p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </main>
  );
}
