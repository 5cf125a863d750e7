import { Link } from 'react-router';

const OFFERS = [
  {
    title: 'Networking hardware',
    text: 'Routers, access points and accessories, shipped with tracking.',
  },
  {
    title: 'Data plans and eSIM',
    text: 'Mobile data for your devices, with usage you can monitor.',
  },
  {
    title: 'Licences and cloud',
    text: 'Feature licences, warranties and SpeedFusion Cloud subscriptions matched to your serial numbers.',
  },
];

export function HomePage() {
  return (
    <>
      <title>Uplink — networking hardware, data plans and licences</title>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <h1 id="hero-title" className="hero__title">
            Networking hardware, data plans and licences — in one store
          </h1>
          <p className="hero__text">
            Buy devices, keep them connected and licensed, and manage it all from one account. Businesses can request
            quotations and pay on credit terms.
          </p>
          <div className="hero__actions">
            <Link to="/products" className="ui-button ui-button--primary ui-button--lg">
              Browse products
            </Link>
            <Link to="/speedfusioncloud" className="ui-button ui-button--secondary ui-button--lg">
              SpeedFusion Cloud plans
            </Link>
          </div>
        </div>
      </section>
      <section className="container offers" aria-labelledby="offers-title">
        <h2 id="offers-title" className="offers__title">
          What you can buy here
        </h2>
        <ul className="offers__list">
          {OFFERS.map((offer) => (
            <li key={offer.title} className="ui-card ui-card--padded offers__item">
              <h3 className="offers__item-title">{offer.title}</h3>
              <p>{offer.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
