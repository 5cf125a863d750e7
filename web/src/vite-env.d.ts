/// <reference types="vite/client" />

/** `uplink@<version>`: the release this bundle reports (vite.config.ts `define`). */
declare const __UPLINK_RELEASE__: string;
