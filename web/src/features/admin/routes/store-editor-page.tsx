/** Placeholder while this page is built. */
export default function Page() {
  return <h1>Not built yet</h1>;
}
