import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['./minnow-setup.mjs'],
    pool: 'forks',
    poolOptions: { forks: { maxForks: 4, minForks: 4 } },
  },
});
