export function ReferralHomePage({ displayName }: { displayName: string }) {
  return (
    <section className="ministore-page" aria-labelledby="ministore-home-title">
      <title>{`${displayName} — Uplink`}</title>
      <h1 id="ministore-home-title" className="ministore-page__title">
        Welcome to {displayName}
      </h1>
      <p className="ministore-page__text">
        You arrived through a partner’s referral link. Purchases made here are credited to the partner who referred
        you; Uplink handles payment, delivery and support.
      </p>
      <a className="ui-button ui-button--secondary ui-button--md" href="/">
        Visit the main Uplink store
      </a>
    </section>
  );
}
