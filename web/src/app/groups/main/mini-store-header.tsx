import { useQueryClient } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { Link, useNavigate } from 'react-router';
import type { StoreDto } from '@/lib/resources/stores/types';
import { leaveForMainStore } from './store-exit';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** The partner's accent colour as the `--ministore-accent` CSS variable (only a `#rrggbb` colour is used). */
export function accentStyle(colour: string | null | undefined): CSSProperties | undefined {
  if (!colour || !HEX_COLOUR.test(colour)) return undefined;
  return { '--ministore-accent': colour } as CSSProperties;
}

/** The mini-store's own name and logo where the Uplink logo stands, linking to its home page. */
export function MiniStoreBrand({ store }: { store: Pick<StoreDto, 'branding' | 'name'> }) {
  const { display_name: name, logo_url: logo } = store.branding;
  return (
    <Link to="/" className="ministore-brand" aria-label={`${name} — store home`}>
      {logo && <img className="ministore-brand__logo" src={logo} alt="" height={32} />}
      <span className="ministore-brand__name">{name}</span>
    </Link>
  );
}

/**
 * Under the header of a mini-store: its tagline, whose store it is, and the way back to the main
 * Uplink store (which leaves the mini-store for the rest of the visit).
 */
export function MiniStoreStrip({ store }: { store: Pick<StoreDto, 'branding' | 'partner' | 'name'> }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { display_name: name, tagline } = store.branding;
  return (
    <div className="ministore-strip">
      <div className="ministore-strip__inner container">
        <p className="ministore-strip__who">
          {tagline && <span className="ministore-strip__tagline">{tagline} </span>}
          <span>
            {name} is {store.partner ? `${store.partner}’s` : 'a partner’s'} store on Uplink.
          </span>
        </p>
        <Link
          to="/"
          className="ministore-strip__back"
          data-testid="back-to-main-store"
          onClick={(event) => {
            event.preventDefault();
            leaveForMainStore(queryClient);
            void navigate('/');
          }}
        >
          <span aria-hidden="true">←</span>Back to the main Uplink store
        </Link>
      </div>
    </div>
  );
}
