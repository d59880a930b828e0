import { defineConfig } from '@playwright/test';

/** Browser end-to-end suite: builds the web app and starts the BFF on a fresh embedded database and port. */
const port = Number(process.env.E2E_PORT ?? 3111);
/** One data directory per port, wiped before each run: a fresh database without piling up old ones. */
const dataDir = `.data/e2e-${port}`;
/** Specs that read delivered e-mail (e2e/mail-server.ts): one worker, so that they share its SMTP server and second BFF. */
const mailSpecs =
  /(provider-loop|provider-staff|supplier-recall|supplier-delivery|operator-onboarding|email-templates|conversations|custom-content|words-forms|inventory-match|totp)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  // Per port, so that suites run side by side (different E2E_PORT) do not delete each other's artifacts.
  outputDir: `test-results/e2e-${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 4,
  // One retry under CI: a test that passes only on its retry is reported as flaky (line and JSON reports), not hidden.
  retries: process.env.CI ? 1 : 0,
  // Under CI a JSON report as well: each test's start and duration, for finding what makes the run long.
  reporter: process.env.CI ? [['line'], ['json', { outputFile: `test-results/e2e-${port}/report.json` }]] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
  // The mail specs first: they run one at a time, so started last they kept one of the two workers idle at the end.
  projects: [
    { name: 'mail', testMatch: mailSpecs, workers: 1 },
    { name: 'chromium', testIgnore: mailSpecs },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && pnpm --filter @portal/web build && DATA_DIR=${dataDir} PORT=${port} AUTH_RATE_LIMIT_PER_MINUTE=1000 pnpm --filter @portal/bff run serve`,
    // Ready, not just alive: the server listens (503) while it migrates and seeds.
    url: `http://localhost:${port}/api/health/ready`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
