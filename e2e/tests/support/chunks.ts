/**
 * Screen-group chunks are emitted as /assets/<module>-<hash>.js (web/vite.config.ts
 * chunkFileNames), so a group's JS chunk matches e.g. /assets/mobile-group-*.js.
 */
export function groupChunkPattern(group: 'main' | 'mobile' | 'monitoring' | 'referral'): RegExp {
  return new RegExp(`/assets/${group}-group-[\\w-]+\\.js$`);
}
