import { Link } from 'react-router';

/** The Uplink wordmark: signal mark + name, linking home. */
export function Logo() {
  return (
    <Link to="/" className="logo" aria-label="Uplink — home">
      <svg className="logo__svg" viewBox="0 0 132 32" width="132" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M9 21a10 10 0 0 1 14 0M12.5 17.5a5 5 0 0 1 7 0"
          fill="none"
          stroke="#fff"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
        <circle cx="16" cy="23.5" r="2" fill="#fff" />
        <text
          x="42"
          y="23"
          fill="currentColor"
          fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
          fontSize="21"
          fontWeight="700"
          letterSpacing="-0.5"
        >
          Uplink
        </text>
      </svg>
    </Link>
  );
}
