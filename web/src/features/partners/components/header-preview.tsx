/**
 * What the mini-store's header will look like with the branding being edited: the accent bar,
 * the logo, the name and the tagline. A picture of it, not a working header (nothing to click).
 */
export function HeaderPreview({
  displayName,
  tagline,
  accentColor,
  logoUrl,
}: {
  displayName: string;
  tagline: string;
  accentColor: string;
  logoUrl: string | null;
}) {
  const accent = /^#[0-9a-fA-F]{6}$/.test(accentColor) ? accentColor : undefined;
  return (
    <figure className="header-preview" data-testid="header-preview">
      <figcaption className="header-preview__caption">Preview of your store’s header</figcaption>
      <div className="header-preview__frame" style={accent ? { borderTopColor: accent } : undefined}>
        <div className="header-preview__brand">
          {logoUrl && <img src={logoUrl} alt="" height={32} className="header-preview__logo" />}
          <span className="header-preview__name">{displayName.trim() || 'Your store name'}</span>
        </div>
        <div className="header-preview__strip" style={accent ? { borderLeftColor: accent } : undefined}>
          {tagline.trim() && <strong>{tagline.trim()} </strong>}
          <span className="header-preview__back">← Back to the main Uplink store</span>
        </div>
      </div>
    </figure>
  );
}
