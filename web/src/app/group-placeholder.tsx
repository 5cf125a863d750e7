/** What a screen group shows while its chunk loads: an empty block the size of the page. */
export function GroupPlaceholder() {
  return <div className="group-placeholder" aria-busy="true" data-testid="group-placeholder" />;
}
