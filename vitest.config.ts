import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          include: [
            'modules/**/*.test.ts',
            'services/**/*.test.ts',
            'cli/**/*.test.ts',
            'migrations/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          pool: 'forks',
          maxWorkers: 2,
          // A worker keeps its modules from one file to the next: each file imported the whole BFF again, 207 s of
          // CI's 393 s. A file that changes a module's state (the password cost) sets what it needs itself.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
