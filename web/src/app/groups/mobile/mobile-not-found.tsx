import { NotFoundContent } from '../../not-found-content';

/** The mobile group's not-found page, loaded only when needed (it stays out of /mobile's budget). */
export default function MobileNotFound() {
  return <NotFoundContent homeHref="/mobile" homeLabel="Back to your devices" />;
}
