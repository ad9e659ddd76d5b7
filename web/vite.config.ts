import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

// The config is run from the repository root (`vite build --config web/vite.config.ts`), so every
// path is anchored on this file rather than on the working directory.
const webDir = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig(({ mode }) => {
  // `npm run dev` serves the API on its own port; the dev server forwards to it.
  const env = loadEnv(mode, webDir, 'COOPLEDGER_');
  const apiTarget = env.COOPLEDGER_API_URL ?? 'http://localhost:3000';

  return {
    root: webDir,
    plugins: [react()],
    server: {
      proxy: {
        '/api': { target: apiTarget, changeOrigin: true },
        '/config.json': { target: apiTarget, changeOrigin: true },
      },
    },
    build: {
      outDir: `${webDir}dist`,
      emptyOutDir: true,
      target: 'es2022',
      // Libraries change on a different rhythm from our code, so they get their own long-cached chunks.
      // Only the Cloudscape modules that two or more pages share go into the `cloudscape` chunk; a
      // component one page uses (Table, AppLayout) stays with that page, so sign-in does not load them.
      // Global styles stay with the entry: every screen needs them before its first paint.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
                priority: 30,
              },
              {
                name: 'cloudscape',
                test: /[\\/]node_modules[\\/](@cloudscape-design[\\/](components|component-toolkit|collection-hooks|theming-runtime|design-tokens)|@dnd-kit|d3-\w+|date-fns|intl-messageformat|@formatjs|ace-builds|mnth|weekstart|tslib|clsx)[\\/]/,
                priority: 20,
                minShareCount: 2,
              },
              { name: 'forms', test: /[\\/]node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, priority: 10 },
            ],
          },
        },
      },
    },
  };
});
