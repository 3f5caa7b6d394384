import path from 'node:path';
import type { Plugin } from 'vite';

const ICON_FACTORY = path.resolve(import.meta.dirname, '../web/components/svg-icon.tsx');

/**
 * Builds every `@mui/icons-material` icon with Drape's own factory (web/components/svg-icon.tsx)
 * instead of MUI's: the icons keep their drawings and names, and become plain `<svg>` elements
 * styled by a stylesheet, so the pages that draw only icons need none of MUI's styling engine.
 * Each icon module imports its factory from `./utils/createSvgIcon`; that one import is redirected.
 */
export function lightIcons(): Plugin {
  return {
    name: 'drape-light-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]@mui[\\/]icons-material[\\/]/.test(importer)) return null;
      return /^\.\/utils\/createSvgIcon(\.m?js)?$/.test(source) ? ICON_FACTORY : null;
    },
  };
}
