export function MobileHomePage() {
  return (
    <section className="mobile-page" aria-labelledby="mobile-home-title">
      <title>Uplink for the mobile app</title>
      <h1 id="mobile-home-title" className="mobile-page__title">
        Uplink for the mobile app
      </h1>
      <p className="mobile-page__text">
        These pages open inside the Uplink mobile app. Open Uplink from the app to see your devices, their plans and
        your referral rewards.
      </p>
    </section>
  );
}
